# replica axis used by every cross-replica BatchNorm (was the pmap axis name)
BN_AXIS = 'i'
BN_DECAY = 0.9
