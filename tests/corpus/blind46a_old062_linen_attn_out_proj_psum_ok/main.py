from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from layers import Attention

rules = (("batch", "data"), ("heads", "model"), ("embed", None), ("kv", None))
mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ("data", "model"))

attn = Attention()
x = jnp.ones((4, 10, 64))
boxed = attn.init(jax.random.key(0), x)
with nn.logical_axis_rules(rules):
    pspecs = nn.logical_to_mesh(nn.get_partition_spec(boxed))["params"]
    x_spec = nn.logical_to_mesh_axes(("batch", None, "embed"))
params = nn.unbox(boxed)["params"]


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(pspecs, x_spec), out_specs=x_spec)
def attention_heads_parallel(params, x):
    qkv = jnp.einsum("bse,ethd->bsthd", x, params["qkv"]["kernel"])
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    w = jax.nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k) / 4.0)
    o = jnp.einsum("bhqk,bkhd->bqhd", w, v)
    partial_out = jnp.einsum("bqhd,hde->bqe", o, params["out"]["kernel"])
    return lax.psum(partial_out, "model")


print(attention_heads_parallel.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
