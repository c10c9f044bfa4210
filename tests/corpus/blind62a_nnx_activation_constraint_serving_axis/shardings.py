"""Activation shardings shared by the trainer and the decode server."""
from jax.sharding import PartitionSpec as P

TRAIN_MESH_AXES = ('data', 'model')
SERVE_MESH_AXES = ('replica', 'model')

# [batch, seq, hidden]
HIDDEN = P('replica', None, None)
# [batch, seq, ffn]
FFN_HIDDEN = P('replica', None, 'model')
