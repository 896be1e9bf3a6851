-- The Sinhala and Tamil names of Sri Lanka's 9 provinces and 25 districts, as the
-- Government of Sri Lanka writes them in those languages (without the word for province
-- or district: පළාත, மாகாணம், දිස්ත්‍රික්කය, மாவட்டம் follow in the shop's sentences). The
-- storefront's Sinhala and Tamil pages and its checkout show these; `name` stays English,
-- as orders, the API and the admin area read it.

ALTER TABLE provinces ADD COLUMN name_si text, ADD COLUMN name_ta text;
ALTER TABLE districts ADD COLUMN name_si text, ADD COLUMN name_ta text;

UPDATE provinces AS p SET name_si = v.name_si, name_ta = v.name_ta
FROM (VALUES
  (1, 'බස්නාහිර', 'மேல்'),
  (2, 'මධ්‍යම', 'மத்திய'),
  (3, 'දකුණු', 'தென்'),
  (4, 'උතුරු', 'வட'),
  (5, 'නැගෙනහිර', 'கிழக்கு'),
  (6, 'වයඹ', 'வடமேல்'),
  (7, 'උතුරු මැද', 'வட மத்திய'),
  (8, 'ඌව', 'ஊவா'),
  (9, 'සබරගමුව', 'சப்ரகமுவ')
) AS v (id, name_si, name_ta)
WHERE p.id = v.id;

UPDATE districts AS d SET name_si = v.name_si, name_ta = v.name_ta
FROM (VALUES
  (1, 'කොළඹ', 'கொழும்பு'),
  (2, 'ගම්පහ', 'கம்பஹா'),
  (3, 'කළුතර', 'களுத்துறை'),
  (4, 'මහනුවර', 'கண்டி'),
  (5, 'මාතලේ', 'மாத்தளை'),
  (6, 'නුවරඑළිය', 'நுவரெலியா'),
  (7, 'ගාල්ල', 'காலி'),
  (8, 'මාතර', 'மாத்தறை'),
  (9, 'හම්බන්තොට', 'அம்பாந்தோட்டை'),
  (10, 'යාපනය', 'யாழ்ப்பாணம்'),
  (11, 'මන්නාරම', 'மன்னார்'),
  (12, 'වවුනියාව', 'வவுனியா'),
  (13, 'මුලතිව්', 'முல்லைத்தீவு'),
  (14, 'කිලිනොච්චිය', 'கிளிநொச்சி'),
  (15, 'මඩකලපුව', 'மட்டக்களப்பு'),
  (16, 'අම්පාර', 'அம்பாறை'),
  (17, 'ත්‍රිකුණාමලය', 'திருகோணமலை'),
  (18, 'කුරුණෑගල', 'குருநாகல்'),
  (19, 'පුත්තලම', 'புத்தளம்'),
  (20, 'අනුරාධපුර', 'அனுராதபுரம்'),
  (21, 'පොළොන්නරුව', 'பொலன்னறுவை'),
  (22, 'බදුල්ල', 'பதுளை'),
  (23, 'මොණරාගල', 'மொனராகலை'),
  (24, 'රත්නපුර', 'இரத்தினபுரி'),
  (25, 'කෑගල්ල', 'கேகாலை')
) AS v (id, name_si, name_ta)
WHERE d.id = v.id;

-- A place added later comes with its names.
ALTER TABLE provinces ALTER COLUMN name_si SET NOT NULL, ALTER COLUMN name_ta SET NOT NULL;
ALTER TABLE districts ALTER COLUMN name_si SET NOT NULL, ALTER COLUMN name_ta SET NOT NULL;
