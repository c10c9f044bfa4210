TP = 'tp'
DP = 'dp'
