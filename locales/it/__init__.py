"""Italian (Italiano): chosen by the Discord locale ``it``.

The games are Venetian, so the Italian names are the games' own: il Doge, la Gondola, i
sestieri of Rialto (Cannaregio, Castello, San Marco…), il Canal Grande, l'Arlecchino and
the Mascherata of the carnival. Players are addressed with "tu". Plural blocks carry CLDR's
Italian forms ``one``, ``many`` (whole millions: "1 milione di carte") and ``other``; where a
count is written in digits ``many`` reads as ``other``.
"""
