NUM_DEVICES = 8   # tuned on a v3-8
AXIS = 'domain'
ALPHA = 0.1
