import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import PipelineConfig, gpipe_forward, make_stages, select_local_stage

cfg = PipelineConfig(n_stages=4, n_micro=2)
mesh = Mesh(jax.devices(), (cfg.axis,))
stages = make_stages(cfg, jax.random.PRNGKey(0))
params, static = eqx.partition(stages, eqx.is_array)


def pipelined(params, microbatches):
    stage = select_local_stage(params, static)
    out = gpipe_forward(stage, microbatches, cfg)
    return out[None]


pipelined = jax.shard_map(pipelined, mesh=mesh, in_specs=(P(cfg.axis), P()), out_specs=P(cfg.axis))


@jax.jit
def forward(params, microbatches):
    per_stage = pipelined(params, microbatches)
    return per_stage[-1]


microbatches = jnp.ones((cfg.n_micro, 4, cfg.width))
forward.trace(params, microbatches).lower(lowering_platforms=("cuda",))
