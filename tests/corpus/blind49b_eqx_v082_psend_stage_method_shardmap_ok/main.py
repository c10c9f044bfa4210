from functools import partial

import jax
import jax.numpy as jnp
import jax.random as jr
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

import equinox as eqx

N_STAGES = 4
D = 128

mesh = Mesh(np.array(jax.devices()[:N_STAGES]), ("pp",))
FORWARD = [(s, (s + 1) % N_STAGES) for s in range(N_STAGES)]


class PipelineStage(eqx.Module):
    dense: eqx.nn.Linear
    norm: eqx.nn.RMSNorm

    def __init__(self, key):
        self.dense = eqx.nn.Linear(D, D, key=key)
        self.norm = eqx.nn.RMSNorm(D)

    def _send_next(self, h):
        tok = jax.lax.psend(h, "pp", FORWARD)
        return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "pp", FORWARD)

    def __call__(self, x):
        h = jax.vmap(lambda v: self.norm(jax.nn.gelu(self.dense(v))))(x)
        return self._send_next(h)


stages = eqx.filter_vmap(PipelineStage)(jr.split(jr.key(0), N_STAGES))
params, static = eqx.partition(stages, eqx.is_array)


@partial(shard_map, mesh=mesh, in_specs=(P("pp"), P("pp")), out_specs=P("pp"), check_rep=False)
def run_stage(params, x):
    stage = eqx.combine(jax.tree_util.tree_map(lambda p: p[0], params), static)
    return stage(x)


infer = jax.jit(run_stage)

x = jnp.ones((N_STAGES * 16, D), jnp.float32)

if __name__ == "__main__":
    print(infer.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
