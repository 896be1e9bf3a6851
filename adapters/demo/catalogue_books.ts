/**
 * The demo catalogue's books, one a line:
 * title | author | category | language | publisher | publishing date | binding | edition |
 * price (LKR) | stock | weight (g) | ISBN-13 | pre-order (expected date/copies on order, or -) |
 * description (or -)
 *
 * Some Sinhala and Tamil books are listed in their own script, as their readers search for
 * them: such a title or author is followed by its English-letter name in braces
 * (`කරුමක්කාරයෝ {Karumakkarayo}`), which only the generated cover prints (its font has
 * English letters alone). The others are written in English letters. The ISBN-13s are
 * made up for the demo (publisher-style prefixes with valid check digits), not the books'
 * real numbers.
 */
export const BOOK_TABLE = `
Madol Doova | Martin Wickramasinghe | Novels | Sinhala | Sarasavi | 2019-02-15 | Paperback | Reprint 2019 | 650 | 24 | 210 | 9789555732987 | - | Upali's mischievous boyhood in the southern village of Koggala and his escape with a friend to the small island of Madol Doova. A classic of Sinhala writing for young readers.
Gamperaliya | Martin Wickramasinghe | Novels | Sinhala | Sarasavi | 2020-06-01 | Paperback | Reprint 2020 | 950 | 15 | 380 | 9789555732147 | - | The first novel of the trilogy: an old village family in the south comes apart as trade, money and new ways reach the village.
Kaliyugaya | Martin Wickramasinghe | Novels | Sinhala | Sarasavi | 2018-09-10 | Paperback | Reprint 2018 | 990 | 0 | 400 | 9789555738453 | - | The second novel of the trilogy follows the Kaisaruwatte family into Colombo and a new age of trade.
Yuganthaya | Martin Wickramasinghe | Novels | Sinhala | Sarasavi | 2018-09-10 | Paperback | Reprint 2018 | 1050 | 8 | 420 | 9789555734950 | - | The close of the trilogy: capital, labour and a young man who turns against his family's fortune.
Viragaya | Martin Wickramasinghe | Novels | Sinhala | Sarasavi | 2021-03-20 | Paperback | Reprint 2021 | 890 | 12 | 330 | 9789555733960 | - | Aravinda's quiet life between the pull of the world and detachment from it, told by the man himself. Often called the finest Sinhala novel.
කරුමක්කාරයෝ {Karumakkarayo} | ගුණදාස අමරසේකර {Gunadasa Amarasekara} | Novels | Sinhala | Godage | 2017-05-02 | Paperback | 3rd | 780 | 6 | 300 | 9789553059833 | - | -
චරිත තුනක් {Charitha Thunak} | කේ. ජයතිලක {K. Jayatilake} | Novels | Sinhala | Godage | 2016-11-18 | Paperback | 5th | 650 | 9 | 260 | 9789553032867 | - | -
Amba Yahaluwo | T. B. Ilangaratne | Novels | Sinhala | Godage | 2019-01-07 | Paperback | 8th | 720 | 11 | 280 | 9789553078797 | - | The friendship of two village boys from different walks of life, and what growing up does to it.
ගොළු හදවත {Golu Hadawatha} | කරුණාසේන ජයලත් {Karunasena Jayalath} | Novels | Sinhala | Godage | 2020-02-14 | Paperback | 10th | 600 | 18 | 220 | 9789553026873 | - | A first love between two school students in the years before their exams, loved by generations of readers.
Sansararanyaye Dadayakkaraya | Simon Navagattegama | Novels | Sinhala | Godage | 2015-08-30 | Paperback | 2nd | 850 | 0 | 300 | 9789553054678 | - | -
Funny Boy | Shyam Selvadurai | Novels | English | Penguin | 2015-07-01 | Paperback | 1st | 1850 | 14 | 320 | 9780143951971 | - | Arjie grows up in a Tamil family in Colombo in the years before the riots of 1983, and learns that he does not fit the roles he is given.
Cinnamon Gardens | Shyam Selvadurai | Novels | English | Penguin | 2014-04-10 | Paperback | 1st | 1950 | 5 | 380 | 9780143246336 | - | Colombo in the 1920s: a young teacher and her uncle push against the rules of their wealthy Tamil family.
Anil's Ghost | Michael Ondaatje | Novels | English | Vintage | 2001-05-03 | Paperback | 1st | 2100 | 7 | 330 | 9780099497936 | - | A forensic anthropologist comes home to Sri Lanka to find out whose skeleton lies in a government-protected site.
Running in the Family | Michael Ondaatje | Biography & Memoir | English | Vintage | 1993-01-21 | Paperback | Reprint | 1650 | 4 | 220 | 9780099116677 | - | The writer's return to Ceylon and his wild, charming, unreliable family of the 1920s and 1930s.
Reef | Romesh Gunesekera | Novels | English | Granta | 1995-03-30 | Paperback | 1st | 1750 | 9 | 260 | 9781862029590 | - | Triton, a boy from the village, becomes cook to a marine biologist in 1960s Ceylon and learns a world through his kitchen.
The Sandglass | Romesh Gunesekera | Novels | English | Granta | 1999-02-04 | Paperback | 1st | 1800 | 0 | 300 | 9781862083103 | - | -
The Jam Fruit Tree | Carl Muller | Novels | English | Penguin | 1993-10-15 | Paperback | 1st | 1490 | 10 | 250 | 9780143841012 | - | The boisterous von Bloss family of Burgher Colombo, told with an ear for every scandal.
Yakada Yakka | Carl Muller | Novels | English | Penguin | 1994-09-01 | Paperback | 1st | 1490 | 6 | 260 | 9780143363514 | - | The von Blosses again, now on the railways: the second part of the Burgher trilogy.
Colpetty People | Ashok Ferrey | Short Stories | English | Vijitha Yapa | 2005-06-12 | Paperback | 3rd | 1350 | 13 | 230 | 9789556652376 | - | Stories of Colombo and its people, sharp and warm by turns.
The Good Little Ceylonese Girl | Ashok Ferrey | Short Stories | English | Vijitha Yapa | 2006-08-20 | Paperback | 2nd | 1450 | 8 | 240 | 9789556656619 | - | -
The Seven Moons of Maali Almeida | Shehan Karunatilaka | Novels | English | Sort Of Books | 2022-08-04 | Paperback | 1st | 3450 | 20 | 420 | 9781908745897 | - | A war photographer wakes up dead in 1990 Colombo and has seven moons to find out who killed him. Winner of the Booker Prize 2022.
Chinaman: The Legend of Pradeep Mathew | Shehan Karunatilaka | Novels | English | Vintage | 2012-06-07 | Paperback | 1st | 2450 | 5 | 400 | 9780099983590 | - | A dying sportswriter sets out to find a left-arm spinner who vanished from Sri Lankan cricket.
Island of a Thousand Mirrors | Nayomi Munaweera | Novels | English | St. Martin's Press | 2014-09-02 | Paperback | 1st | 2850 | 3 | 350 | 9781250995049 | - | Two girls, one Sinhala and one Tamil, and the war that shapes both their lives.
A Passage North | Anuk Arudpragasam | Novels | English | Granta | 2021-07-01 | Paperback | 1st | 3200 | 6 | 300 | 9781862008397 | - | A young man travels north from Colombo for a funeral in the years after the war.
The Village in the Jungle | Leonard Woolf | Novels | English | Eland | 2008-03-01 | Paperback | Reprint | 2200 | 4 | 270 | 9781906011284 | - | A village at the edge of the dry-zone jungle near Hambantota, written by a colonial officer who served there.
The Waiting Earth | Punyakante Wijenaike | Novels | English | Godage | 2012-01-15 | Paperback | 3rd | 950 | 0 | 230 | 9789553022288 | - | -
தீ {Thee} | எஸ். பொன்னுத்துரை {S. Ponnuthurai} | Novels | Tamil | Kumaran Book House | 2014-05-10 | Paperback | 2nd | 750 | 5 | 200 | 9789556593013 | - | -
சடங்கு {Sadangu} | எஸ். பொன்னுத்துரை {S. Ponnuthurai} | Novels | Tamil | Kumaran Book House | 2015-02-11 | Paperback | 2nd | 820 | 3 | 230 | 9789556596540 | - | A Jaffna household and the rituals that hold it together and keep it apart.
பஞ்சமர் {Panchamar} | கே. டானியல் {K. Daniel} | Novels | Tamil | Kumaran Book House | 2016-06-25 | Paperback | 3rd | 980 | 4 | 310 | 9789556599817 | - | The lives and struggle of the oppressed castes of the Jaffna peninsula.
பொன்னியின் செல்வன் பாகம் 1 {Ponniyin Selvan Part 1} | கல்கி கிருஷ்ணமூர்த்தி {Kalki Krishnamurthy} | Novels | Tamil | Vanathi Pathippakam | 2019-12-01 | Paperback | Reprint | 1650 | 9 | 620 | 9788183229593 | - | The first part of the great historical novel of the Chola court.
திருக்குறள் {Thirukkural} | திருவள்ளுவர் {Thiruvalluvar} | Poetry | Tamil | Kumaran Book House | 2018-04-14 | Hardcover | Reprint | 650 | 25 | 250 | 9789556596007 | - | The 1,330 couplets on virtue, wealth and love, with a plain commentary.
குயில் பாட்டு {Kuyil Pattu} | சுப்பிரமணிய பாரதி {Subramania Bharati} | Poetry | Tamil | Kumaran Book House | 2017-09-11 | Paperback | Reprint | 450 | 7 | 120 | 9789556597349 | - | -
Godaan | Munshi Premchand | Novels | Hindi | Rajpal & Sons | 2018-07-31 | Paperback | Reprint | 1250 | 3 | 380 | 9788170944614 | - | Hori, a poor farmer, and his lifelong wish to own a cow.
Madhushala | Harivansh Rai Bachchan | Poetry | Hindi | Rajpal & Sons | 2016-11-27 | Hardcover | Reprint | 850 | 2 | 150 | 9788170386834 | - | -
Heen Saraya | Kumaratunga Munidasa | Poetry | Sinhala | Sarasavi | 2017-07-25 | Paperback | Reprint | 550 | 10 | 150 | 9789555739122 | - | Verses for children by the grammarian and poet, in pure Sinhala.
Prabuddha | Mahagama Sekera | Poetry | Sinhala | Godage | 2016-01-14 | Paperback | 4th | 700 | 6 | 200 | 9789553069320 | - | -
Apocalypse '83 | Jean Arasanayagam | Poetry | English | Vijitha Yapa | 2003-07-23 | Paperback | 2nd | 950 | 2 | 140 | 9789556653069 | - | Poems written in the weeks of the 1983 riots.
Gitanjali | Rabindranath Tagore | Poetry | English | Penguin | 2011-05-07 | Paperback | Reprint | 890 | 12 | 160 | 9780143657583 | - | Song offerings: the poems that won the Nobel Prize in 1913.
Pride and Prejudice | Jane Austen | Novels | English | Penguin | 2003-01-30 | Paperback | Penguin Classics | 1290 | 16 | 380 | 9780143066637 | - | Elizabeth Bennet, Mr Darcy and the five Bennet sisters in search of husbands.
Nineteen Eighty-Four | George Orwell | Novels | English | Penguin | 2008-07-03 | Paperback | Penguin Modern Classics | 1590 | 18 | 330 | 9780143093152 | - | Winston Smith keeps a secret diary in a state that watches everything.
To Kill a Mockingbird | Harper Lee | Novels | English | Vintage | 2004-10-07 | Paperback | Reprint | 2150 | 9 | 300 | 9780099199946 | - | Scout Finch watches her father defend a black man in a small Alabama town.
The Old Man and the Sea | Ernest Hemingway | Novels | English | Vintage | 2004-01-01 | Paperback | Reprint | 1350 | 11 | 120 | 9780099204008 | - | An old Cuban fisherman and the great marlin he hooks far out in the Gulf Stream.
One Hundred Years of Solitude | Gabriel Garcia Marquez | Novels | English | Penguin | 2014-03-06 | Paperback | Penguin Modern Classics | 2950 | 4 | 440 | 9780143668091 | - | -
The God of Small Things | Arundhati Roy | Novels | English | Penguin | 2017-06-01 | Paperback | Reprint | 2250 | 7 | 330 | 9780143665762 | - | Twins in Kerala, 1969, and the day that changed their family for good.
Things Fall Apart | Chinua Achebe | Novels | English | Penguin | 2006-05-04 | Paperback | Penguin Classics | 1650 | 0 | 190 | 9780143975618 | - | -
Great Expectations | Charles Dickens | Novels | English | Penguin | 2003-01-30 | Paperback | Penguin Classics | 1390 | 6 | 520 | 9780143077763 | - | Pip, the orphan, and the fortune that comes to him from an unknown hand.
The Alchemist | Paulo Coelho | Novels | English | HarperCollins | 2012-04-26 | Paperback | 25th Anniversary | 1950 | 22 | 200 | 9780007383887 | - | A shepherd boy sets out from Spain to find a treasure by the pyramids.
Malgudi Days | R. K. Narayan | Short Stories | English | Penguin | 2006-04-06 | Paperback | Penguin Classics | 1450 | 8 | 260 | 9780143028475 | - | Stories of the small South Indian town of Malgudi and its people.
Midnight's Children | Salman Rushdie | Novels | English | Vintage | 2008-04-03 | Paperback | Reprint | 3250 | 3 | 560 | 9780099530268 | - | -
හත් පණ {Hath Pana} | කුමාරතුංග මුනිදාස {Kumaratunga Munidasa} | Children's Books | Sinhala | Sarasavi | 2019-10-01 | Paperback | Reprint | 480 | 30 | 140 | 9789555733847 | - | A favourite collection of stories for young Sinhala readers.
කුඩා හොරා {Kuda Hora} | සිබිල් වෙත්තසිංහ {Sybil Wettasinghe} | Children's Books | Sinhala | Sarasavi | 2018-03-12 | Paperback | Reprint | 550 | 12 | 180 | 9789555734172 | - | -
The Umbrella Thief | Sybil Wettasinghe | Children's Books | English | Vijitha Yapa | 2010-06-10 | Paperback | Reprint | 790 | 0 | 200 | 9789556654684 | - | Kiribamba brings the first umbrella to his village, and then another, and another.
The Little Prince | Antoine de Saint-Exupery | Children's Books | English | Penguin | 2018-02-01 | Paperback | Reprint | 1150 | 14 | 180 | 9780143627197 | - | A pilot stranded in the desert meets a small prince from a small planet.
Charlie and the Chocolate Factory | Roald Dahl | Children's Books | English | Puffin | 2016-09-01 | Paperback | Reprint | 1690 | 10 | 220 | 9780141094052 | - | Five golden tickets open the gates of Willy Wonka's factory.
Matilda | Roald Dahl | Children's Books | English | Puffin | 2016-09-01 | Paperback | Reprint | 1690 | 7 | 240 | 9780141965734 | - | -
Harry Potter and the Philosopher's Stone | J. K. Rowling | Children's Books | English | Bloomsbury | 2014-09-01 | Paperback | Reprint | 2990 | 15 | 340 | 9781408574379 | - | An orphan boy learns on his eleventh birthday that he is a wizard.
Alice's Adventures in Wonderland | Lewis Carroll | Children's Books | English | Puffin | 2015-05-07 | Paperback | Puffin Classics | 990 | 5 | 200 | 9780141778716 | - | -
Grade 10 Science Part I | Educational Publications Department | School Textbooks | English | Educational Publications Department | 2024-01-02 | Paperback | 2024 | 520 | 40 | 480 | 9789552562037 | - | The government textbook for the Grade 10 syllabus, English medium.
Grade 11 Mathematics Part I | Educational Publications Department | School Textbooks | Sinhala | Educational Publications Department | 2024-01-02 | Paperback | 2024 | 480 | 35 | 420 | 9789552568374 | - | The government textbook for the Grade 11 syllabus, Sinhala medium.
Grade 6 English Pupil's Book | Educational Publications Department | School Textbooks | English | Educational Publications Department | 2024-01-02 | Paperback | 2024 | 450 | 28 | 300 | 9789552510298 | - | -
Grade 9 History | Educational Publications Department | School Textbooks | Tamil | Educational Publications Department | 2024-01-02 | Paperback | 2024 | 460 | 20 | 350 | 9789552510670 | - | The government textbook for Grade 9 history, Tamil medium.
Grade 8 Sinhala Language and Literature | Educational Publications Department | School Textbooks | Sinhala | Educational Publications Department | 2024-01-02 | Paperback | 2024 | 450 | 0 | 320 | 9789552502583 | - | -
G.C.E. O/L Mathematics Past Papers | Gunasena Editorial Board | Exam Guides | English | M. D. Gunasena | 2025-11-10 | Paperback | 2026 | 890 | 45 | 380 | 9789552192722 | - | Ten years of O/L mathematics papers with worked answers and marking notes.
G.C.E. O/L Science Model Papers | Gunasena Editorial Board | Exam Guides | Sinhala | M. D. Gunasena | 2025-11-10 | Paperback | 2026 | 950 | 30 | 400 | 9789552125300 | - | -
G.C.E. A/L Combined Mathematics Past Papers | Gunasena Editorial Board | Exam Guides | Sinhala | M. D. Gunasena | 2025-10-20 | Paperback | 2026 | 1450 | 18 | 600 | 9789552150555 | - | Past papers with full solutions for both Combined Mathematics papers.
G.C.E. A/L Biology Past Papers | Gunasena Editorial Board | Exam Guides | English | M. D. Gunasena | 2025-10-20 | Paperback | 2026 | 1550 | 0 | 620 | 9789552177255 | - | -
Grade 5 Scholarship Model Papers | Gunasena Editorial Board | Exam Guides | Sinhala | M. D. Gunasena | 2025-12-01 | Paperback | 2026 | 650 | 50 | 300 | 9789552157295 | - | Forty model papers in the style of the Grade 5 scholarship examination.
The Mahavamsa | Mahanama Thera | Sri Lankan History | English | Godage | 2011-06-15 | Hardcover | Reprint | 2450 | 6 | 520 | 9789553006264 | - | The great chronicle of the island, in Wilhelm Geiger's English translation.
A History of Sri Lanka | K. M. de Silva | Sri Lankan History | English | Vijitha Yapa | 2005-09-01 | Paperback | Revised | 3950 | 8 | 880 | 9789556655827 | - | From the earliest settlements to the end of the twentieth century, in one volume.
Sri Lanka in the Modern Age | Nira Wickramasinghe | Sri Lankan History | English | Oxford University Press | 2015-01-01 | Paperback | 1st | 4800 | 3 | 600 | 9780199535897 | - | A history of the island from colonial rule to the present.
An Historical Relation of the Island Ceylon | Robert Knox | Sri Lankan History | English | Vijitha Yapa | 2004-02-10 | Paperback | Reprint | 2650 | 2 | 540 | 9789556653342 | - | A sailor's account of nineteen years as a captive in the Kandyan kingdom, first printed in 1681.
Sinhalayo | Senarath Paranavitana | Sri Lankan History | English | Godage | 2013-08-08 | Paperback | Reprint | 1850 | 4 | 380 | 9789553079060 | - | -
Madol Doova 80th Anniversary Edition | Martin Wickramasinghe | Novels | Sinhala | Sarasavi | 2027-03-01 | Hardcover | 80th Anniversary | 1850 | 40 | 520 | 9789555736985 | 2027-03-15/40 | An illustrated hardcover for the eightieth year of the novel, with a new introduction.
G.C.E. O/L Mathematics Past Papers 2027 | Gunasena Editorial Board | Exam Guides | English | M. D. Gunasena | 2027-01-15 | Paperback | 2027 | 950 | 60 | 390 | 9789552125027 | 2027-01-20/60 | Next year's edition, with the latest paper and worked answers. Reserve a copy now.
G.C.E. A/L Combined Mathematics Past Papers 2027 | Gunasena Editorial Board | Exam Guides | Sinhala | M. D. Gunasena | 2027-02-10 | Paperback | 2027 | 1550 | 30 | 620 | 9789552194689 | 2027-02-15/30 | -
Grade 5 Scholarship Model Papers 2027 | Gunasena Editorial Board | Exam Guides | Sinhala | M. D. Gunasena | 2027-04-01 | Paperback | 2027 | 690 | 50 | 300 | 9789552188657 | 2027-04-05/80 | Forty new model papers for the 2027 examination.
`;
