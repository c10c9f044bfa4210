"""Microbatches stream through the stages with a scan (check_vma off)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]), ("stage",))
NEXT = [(0, 1), (1, 2), (2, 3)]


def tick(state, mb):
    out = jnp.sin(state + mb)
    tok = lax.psend(out, "stage", NEXT)
    state = lax.precv(tok, jax.ShapeDtypeStruct(out.shape, out.dtype), "stage", NEXT)
    return state, out


def pipeline(mbs):
    init = jnp.zeros(mbs.shape[1:], mbs.dtype)
    _, outs = lax.scan(tick, init, mbs)
    return outs


def run(mbs):
    return jax.shard_map(pipeline, mesh=mesh, in_specs=P(None, "stage"), out_specs=P(None, "stage"), check_vma=False)(mbs)


ARGS = (jax.ShapeDtypeStruct((6, 8, 16), jnp.float32),)
