/** The words the generated catalogue is made of: varied enough for realistic searches. */

/** A comma-separated list as an array (kept as text so the lists stay compact). */
const list = (text: string) => text.split(",").map((w) => w.trim()).filter((w) => w !== "");

export const TITLE_ADJECTIVES = list(`
  Silent, Golden, Hidden, Broken, Distant, Quiet, Burning, Lost, Ancient, Gentle, Wild, Bright,
  Forgotten, Little, Secret, Endless, Crimson, Hollow, Northern, Southern, Restless, Painted,
  Frozen, Wandering, Last, First, Open, Sleeping, Tender, Rising, Falling, Green, Blue, Scarlet,
  Silver, Iron, Paper, Glass, Stone, Velvet`);

export const TITLE_NOUNS = list(`
  Garden, River, Monsoon, Harbour, Lantern, Temple, Island, Village, Mountain, Forest, Letter,
  Journey, Promise, Season, Kingdom, Ocean, Window, Bridge, Shadow, Memory, Festival, Market,
  Railway, Lagoon, Estate, Monastery, Drum, Elephant, Peacock, Cinnamon, Tea, Rain, Moon, Sun,
  Star, Lotus, Coconut, Fisherman, Teacher, Daughter, Son, Mother, Father, Traveller, Poet,
  Painter, Weaver, Potter, Dancer, Singer, Healer, Scholar, Prince, Queen, Storm, Wind, Fire,
  Water, Earth, Sky, Road, Door, Key, Map, Clock, Ship, Lighthouse, Valley, Waterfall, Paddy,
  Cave, Fort, Well, Tank, Canal, Orchard, Courtyard, Veranda, Kitchen, Library`);

export const FIRST_NAMES = list(`
  Nimal, Kamala, Sunil, Anura, Chandra, Dilani, Ruwan, Priya, Kumari, Lalith, Sanjaya, Tharindu,
  Ishara, Nadeesha, Kasun, Malini, Roshan, Shanthi, Asanka, Dinesh, Gayani, Harsha, Indika,
  Janaka, Lakmini, Mahesh, Nirosha, Pradeep, Rasika, Sampath, Thilini, Upul, Vasantha, Wasana,
  Yasodha, Ajith, Buddhika, Chaminda, Damayanthi, Erandi, Fathima, Ganesh, Hiruni, Ishani,
  Jagath, Kavinda, Lasantha, Manjula, Nalin, Oshadi`);

export const LAST_NAMES = list(`
  Perera, Fernando, Silva, Jayasinghe, Wickramasinghe, Bandara, Dissanayake, Gunawardena,
  Herath, Karunaratne, Liyanage, Mendis, Nanayakkara, Rajapaksa, Senanayake, Wijesinghe,
  Abeysekera, Amarasinghe, Ekanayake, Gamage, Hettiarachchi, Jayawardena, Kumarasinghe,
  Madugalle, Pathirana, Ranasinghe, Samarasinghe, Tennakoon, Weerasinghe, Yapa, Alwis,
  Balasuriya, Cooray, De Mel, Edirisinghe, Gunasekara, Hewage, Illangakoon, Jayatilleke,
  Kodikara, Lokuge, Munasinghe, Nissanka, Obeyesekere, Premadasa, Rathnayake, Sirisena,
  Thalagala, Udugama, Vithana, Wanigasekara, Atapattu, Bogahawatte, Caldera, Dassanayake,
  Ediriweera, Galappatti, Hapuarachchi, Induruwa, Jinadasa, Kulatunga, Lankatilleke, Mahawatte,
  Navaratne, Olcott, Peiris, Rupasinghe, Samaraweera, Thenuwara, Ubeysekara, Vidanage,
  Wettasinghe, Arumugam, Balasingham, Chelvanayagam, Devarajan, Eswaran, Ganeshan, Kandiah,
  Logeswaran, Mahendran, Nadarajah, Ponnambalam, Rajaratnam, Sivakumar, Thambiah, Umapathy,
  Vijayakumar, Yogarajah, Ahamed, Buhary, Cassim, Deen, Ismail, Jaleel, Marikar, Nizam, Rahuman,
  Sally, Zarook`);

export const BOOK_CATEGORIES = list(`
  Novels, Short Stories, Poetry, Children, Young Adult, History, Biography, Religion, Buddhism,
  Philosophy, Psychology, Science, Mathematics, Computing, Engineering, Medicine, Agriculture,
  Cookery, Travel, Art, Music, Cinema, Drama, Law, Politics, Economics, Business, Education,
  Languages, Dictionaries, Exam Guides, Grade 5 Scholarship, O Level, A Level, Comics,
  Translations, Sinhala Classics, Tamil Literature, Self Help, Sports`);

export const STATIONERY_CATEGORIES = list(`
  Pens, Pencils, Exercise Books, Files and Folders, Art Supplies, Geometry Sets,
  Erasers and Sharpeners, Calculators, Office Paper, School Bags`);

export const STATIONERY_WORDS = list(`
  Ballpoint Pen, Gel Pen, HB Pencil, Colour Pencils, Exercise Book, CR Book, Ruled Notebook,
  Box File, Clip File, Watercolour Set, Crayons, Geometry Box, Eraser, Sharpener,
  Scientific Calculator, A4 Paper, Sticky Notes, Highlighter, Marker, School Bag, Glue Stick,
  Scissors, Stapler, Ruler`);

export const STATIONERY_BRANDS = list(`
  Atlas, Promate, Richard, Camlin, Faber, Staedtler, Casio, Deli, Maped, Pilot`);

export const PUBLISHERS = list(`
  Sarasavi, Godage, Vijitha Yapa, Dayawansa Jayakody, Samayawardhana, Gunasena, Surasa,
  Santhawa, Fast Publishing, Ravana, Kumaran, Perera Hussein, Ceylon Press, Lake House,
  Visidunu, Sooriya, Buddhist Cultural Centre, Agahas, Jayasekara, Pahan`);

/** Sentences the descriptions are made of, two a book. */
export const DESCRIPTION_SENTENCES = [
  "A story of a family across three generations told with warmth and humour.",
  "Written for readers who love the hill country and its people.",
  "The author's most celebrated work newly edited and typeset.",
  "Includes notes and a glossary and questions for discussion.",
  "A careful study drawn from archives and letters and interviews.",
  "Clear explanations with worked examples on every page.",
  "Beautifully illustrated and printed on durable paper.",
  "A favourite of teachers and students across the island.",
  "Short chapters that make it easy to read a little every day.",
  "Translated with care so that the original voice comes through.",
];
