import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from tp_attention import attention_heads

devices = mesh_utils.create_device_mesh((4,))
mesh = Mesh(devices, axis_names=("mp",))

col = P(None, "mp")
tp_attention = jax.jit(shard_map(attention_heads, mesh, in_specs=(P(), col, col, col, P("mp", None)),
                                 out_specs=P()))

d_model, n_heads = 64, 8
x = jnp.ones((2, 16, d_model))
wq = wk = wv = jnp.ones((d_model, n_heads * 16)) * 0.01
wo = jnp.ones((n_heads * 16, d_model)) * 0.01
tp_attention.trace(x, wq, wk, wv, wo).lower(lowering_platforms=("cuda",))
