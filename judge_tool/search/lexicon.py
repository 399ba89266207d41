"""English words a judge types, mapped to the words the Turkish rules text uses.

The glossary maps the game's *terms* ("steal" -> çalma). Queries also carry ordinary rules
vocabulary that is not a term ("tie", "empty", "optional", "once", "order") and the jargon
of other card games ("tap", "discard", "graveyard", "haste"); this table covers those. It
was made from the most frequent words of the English comprehensive rules, each given the
word(s) the Turkish text uses for it, plus common cross-game jargon. Values are Turkish
words; every one is analysed like a query word, so any inflection of it matches.

A glossary name always wins over this table (it is applied only to words no glossary name
covers).
"""

from __future__ import annotations

EN_TR: dict[str, str] = {
    # general rules vocabulary
    "effect": "etki", "effects": "etki", "card": "kart", "cards": "kart", "area": "alan",
    "zone": "alan", "game": "oyun", "unit": "birim", "units": "birim", "creature": "birim",
    "deck": "deste", "library": "deste", "rival": "rakip", "opponent": "rakip",
    "cost": "bedel", "costs": "bedel", "action": "aksiyon", "actions": "aksiyon",
    "face": "yüz", "turn": "tur", "turns": "tur", "pending": "bekleyen bekleme",
    "number": "sayı", "amount": "miktar sayı", "resolve": "çözümle", "resolves": "çözümle",
    "resolving": "çözümle", "resolution": "çözümleme", "text": "metin", "player": "oyuncu",
    "players": "oyuncu", "value": "değer", "values": "değer", "phase": "aşama",
    "main": "ana", "friendly": "dost", "ally": "dost", "field": "saha", "board": "saha",
    "after": "sonra", "before": "önce", "hand": "el", "step": "adım", "choose": "seç",
    "chooses": "seç", "chosen": "seçilen", "select": "seç", "order": "sıra sırayla",
    "sequence": "sıra", "same": "aynı", "target": "hedef", "targets": "hedef",
    "targeting": "hedef", "dice": "zar", "die": "zar", "power": "güç", "strength": "güç",
    "both": "iki her", "multiple": "birden fazla", "several": "birden fazla",
    "many": "birden fazla", "condition": "koşul", "conditions": "koşul",
    "requirement": "koşul şart", "ends": "sona erer biter", "end": "son sona",
    "ending": "sona", "over": "biter sona", "time": "zaman anda", "valid": "geçerli",
    "legal": "geçerli yasal", "illegal": "geçersiz", "invalid": "geçersiz",
    "start": "başında başlangıç", "beginning": "başında başlangıç", "begins": "başlar",
    "unless": "aksi", "otherwise": "aksi", "top": "üst", "bottom": "alt", "hidden": "gizli",
    "secret": "gizli", "public": "açık", "control": "kontrol", "controller": "kontrol eden",
    "owner": "sahip", "owns": "sahip", "own": "sahip", "ready": "hazır",
    "untapped": "hazır", "untap": "hazır", "spent": "harcanmış", "tapped": "harcanmış",
    "tap": "harca", "exhaust": "harca", "exhausted": "harcanmış", "once": "bir kez",
    "twice": "iki kez", "again": "tekrar", "place": "yerleştir koy", "put": "koy",
    "triggered": "tetiklenen", "trigger": "tetiklenir tetikleyici", "triggers": "tetikler",
    "immediately": "anında derhal", "instantly": "anında", "look": "bak", "requires": "gerektir",
    "require": "gerektir", "react": "tepki", "respond": "tepki", "response": "tepki",
    "defending": "savunan", "defender": "savunan", "blocker": "BLOCKER", "block": "BLOCKER",
    "win": "kazan", "wins": "kazan", "winner": "kazanan", "lose": "kaybet", "loses": "kaybet",
    "loser": "kaybeden", "lost": "kaybet", "count": "say sayılır", "counts": "sayılır",
    "information": "bilgi", "info": "bilgi", "longer": "artık", "keyword": "anahtar kelime",
    "keywords": "anahtar kelime", "enter": "gir", "enters": "girer", "icon": "simge",
    "symbol": "simge", "current": "mevcut", "process": "süreç", "change": "değiştir",
    "changes": "değiştir", "modify": "değiştir", "first": "ilk önce", "limit": "sınır",
    "another": "başka", "other": "diğer başka", "played": "oynanan", "move": "taşı",
    "moves": "taşı", "result": "sonuç", "outcome": "sonuç", "choice": "seçim",
    "choices": "seçim", "persistent": "sürekli", "continuous": "sürekli", "static": "sürekli",
    "possible": "mümkün", "part": "kısım", "partially": "kısmı", "equal": "eşit",
    "tie": "eşit", "tied": "eşit", "removed": "çıkar", "remove": "kaldır çıkar",
    "called": "çağrılan", "specified": "belirtilen", "until": "kadar", "add": "ekle",
    "declare": "ilan", "declared": "ilan", "new": "yeni", "required": "gerekli",
    "opposing": "karşı", "attached": "bağlı", "empty": "boş", "attempt": "çalış teşebbüs",
    "try": "çalış", "ignore": "yok say", "ignored": "yok say", "simultaneously": "aynı anda",
    "simultaneous": "aynı anda", "negative": "negatif", "mandatory": "zorunlu",
    "last": "son", "optional": "isteğe bağlı", 
    "duration": "süre", "instead": "yerine", "individually": "teker ayrı",
    "prevent": "engelle", "prevents": "engelle", "prevented": "engelle",
    "reduce": "azalt düşür", "reduced": "azalt düşür", "increase": "artır",
    "lower": "düşük", "higher": "yüksek", "more": "fazla", "less": "düşük az",
    "pass": "devret", "full": "tam tamamen", "source": "kaynak", "leaves": "ayrıl",
    "leave": "ayrıl", "leaving": "ayrıl", "already": "halihazırda zaten",
    "redirect": "yönlendir", "shuffle": "karıştır", "randomize": "karıştır rastgele",
    "random": "rastgele", "skip": "atla", "missed": "atladığı", "forgot": "atladığı",
    "formula": "formül", "rounded": "yuvarla", "round": "yuvarla",
    "zero": "0", "rule": "kural", "rules": "kural", "instruction": "talimat",
    "timing": "zamanlama", "window": "pencere", "interrupt": "yarıda kes",
    "stack": "bekleyen", "queue": "bekleyen", "undo": "geri al", "rewind": "geri al",
    "mistake": "geri al", "cancel": "iptal", "copy": "kopya", "copies": "kopya",
    "known": "bilinen", "dead": "mağlup",
    "destroy": "mağlup", "destroyed": "mağlup", "dies": "mağlup",
    "kill": "mağlup", "killed": "mağlup", "discard": "çöpe at", "graveyard": "çöp",
    "discard pile": "çöp", "mill": "çöpe at", "haste": "ADRENALINE",
    "summoning sickness": "gecikme", "flash": "QUICK", "instant": "QUICK",
    "mana": "€$ Eddie", "money": "€$ Eddie", "currency": "€$ Eddie",
    "hero": "Legend", "leader": "Legend", "equipment": "Gear", "item": "Gear",
    "spell": "Program", "attach": "kuşan", "detach": "taşı",
    "face down": "kapalı", "facedown": "kapalı", "face up": "açık", "faceup": "açık",
    "once per turn": "her turda bir kez", "at once": "aynı anda", "at the same time": "aynı anda",
    "end of turn": "tur sonu", "start of turn": "tur başı", "last known": "son geçerli bilgi",
    "as much as possible": "mümkün olan en fazla", "up to": "en fazla", "at least": "en az",
    "for free": "ücretsiz", "free": "ücretsiz", "cost reduction": "bedel düşür",
    "victory": "zafer", "lose the game": "oyunu kaybet",
    "win the game": "oyunu kazan", "steps": "adım", "order of": "sıra",
}

LEXICONS: dict[str, dict[str, str]] = {"tr": EN_TR}

# Everyday Turkish a judge says for what the rules text words differently, keyed by the
# stem (see analysis.TurkishAnalysis) of the spoken word; values are rules-text words.
TR_SYNONYMS: dict[str, str] = {
    "bit": "sona erer",              # biter, bitti, bitince -> sona erer
    "kalk": "kurtulur kaldırılır",   # lag kalkar -> Lag durumundan kurtulur
    "coz": "çözümle",                # çözülür -> çözümlenir
    "berabere": "eşit", "beraberlik": "eşit",
    "sifir": "0",
    "ol": "mağlup",                  # ölür (folded "olur" is a stopword, "ol" stem of "oldu")
    "mezarlik": "çöp", "iskarta": "çöp",
    "kalici": "sürekli",             # kalıcı etki = sürekli etki
    "tekrar": "yeniden",
    "engel": "engelle",
    "yasak": "yapamaz",
    "iptal": "sona",
    "hamle": "aksiyon",
    "oyna": "oynama",
    "destesi": "deste",
}

SYNONYMS: dict[str, dict[str, str]] = {"tr": TR_SYNONYMS}
