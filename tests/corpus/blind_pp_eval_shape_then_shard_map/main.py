"""A pipeline stage whose output shape is asked of jax.eval_shape on the per-stage function
(eval_shape traces, it does not lower), then lowered for CUDA inside shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("pipe",))
PERM = [(0, 1), (1, 2), (2, 3)]


def stage(params, x):
    y = jax.nn.gelu(x @ params["w"] + params["b"])
    tok = jax.lax.psend(y, "pipe", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), "pipe", PERM)


params = {"w": jax.ShapeDtypeStruct((32, 32), jnp.float32), "b": jax.ShapeDtypeStruct((32,), jnp.float32)}
x = jax.ShapeDtypeStruct((16, 32), jnp.float32)

step = jax.shard_map(stage, mesh=mesh, in_specs=(P(), P("pipe")), out_specs=P("pipe"))
out = jax.eval_shape(step, params, x)
print("stage output", out.shape, out.dtype)
jax.jit(step).trace(params, x).lower(lowering_platforms=("cuda",))
