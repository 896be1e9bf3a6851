/**
 * Key pairs for Koko's tests, made once per test file: the merchant's, which signs the
 * checkout, and Koko's, which signs its notices.
 */
import { rsaKeyPair } from "../configured.ts";
import { KokoGateway } from "../koko.ts";

export const MERCHANT_KEYS = rsaKeyPair();
export const KOKO_KEYS = rsaKeyPair();
export const KOKO_MERCHANT = { merchantId: "merchant-7", apiKey: "api-key-for-tests" } as const;

/** The shop's Koko adapter with the test keys, posting to `checkoutUrl`. */
export function kokoGateway(
  checkoutUrl = "https://qaapi.paykoko.com/api/merchants/orderCreate",
): KokoGateway {
  return new KokoGateway({
    ...KOKO_MERCHANT,
    privateKey: MERCHANT_KEYS.privateKey,
    kokoPublicKey: KOKO_KEYS.publicKey,
    checkoutUrl,
  });
}
