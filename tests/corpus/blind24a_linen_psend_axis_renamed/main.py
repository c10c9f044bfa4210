import dataclasses
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from pipeline_utils import send_recv_next


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
    stage_axis: str = "stage"
    num_stages: int = 4
    num_microbatches: int = 4


cfg = ParallelConfig()
mesh = jax.make_mesh((cfg.num_stages,), (cfg.stage_axis,), axis_types=(AxisType.Auto,))


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return x + nn.Dense(x.shape[-1])(nn.gelu(nn.LayerNorm()(x)))


block = Block()
params = jax.vmap(block.init, in_axes=(0, None))(
    jax.random.split(jax.random.PRNGKey(0), cfg.num_stages), jnp.zeros((1, 64)))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(cfg.stage_axis), P()),
                   out_specs=P(cfg.stage_axis), check_vma=False)
def pipeline(params, mbs):
    p = jax.tree.map(lambda a: a[0], params)
    first = jax.lax.axis_index(cfg.stage_axis) == 0

    def step(h, mb):
        h = block.apply(p, jnp.where(first, mb, h))
        return send_recv_next(h, cfg.num_stages), h

    _, hs = jax.lax.scan(step, jnp.zeros_like(mbs[0]), mbs)
    return hs[None]


mbs = jnp.ones((cfg.num_microbatches, 8, 64))
print(jax.jit(pipeline).trace(params, mbs).lower(lowering_platforms=("cuda",)).as_text()[:20])
