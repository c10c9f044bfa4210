"""A hand-written pipeline backward pass with jax.vjp of the stage (psend/precv inside), inside
shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("stage",))
FWD = [(0, 1), (1, 2), (2, 3)]


def stage(w, x):
    h = jnp.tanh(x @ w)
    tok = jax.lax.psend(h, "stage", FWD)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", FWD)


def fwd_bwd(w, x, dy):
    y, pullback = jax.vjp(stage, w, x)
    dw, _ = pullback(dy)
    return y, dw


f = jax.jit(jax.shard_map(fwd_bwd, mesh=mesh, in_specs=(P(), P("stage"), P("stage")),
                          out_specs=(P("stage"), P()), check_vma=False))
x = jax.ShapeDtypeStruct((16, 32), jnp.float32)
f.trace(jax.ShapeDtypeStruct((32, 32), jnp.float32), x, x).lower(lowering_platforms=("cuda",))
