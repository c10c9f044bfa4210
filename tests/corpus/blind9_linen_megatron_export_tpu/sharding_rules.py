DP = 'data'
TP = 'model'
RULES = (('batch', DP), ('embed', None), ('mlp', TP))
