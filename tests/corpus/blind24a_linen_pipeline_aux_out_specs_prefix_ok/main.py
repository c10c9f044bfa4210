import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

STAGES, MICRO, H = 4, 4, 64
mesh = jax.make_mesh((STAGES,), ("stage",), axis_types=(AxisType.Auto,))


class RoutedStage(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x):
        gate = nn.softmax(nn.Dense(2, name="router")(x), axis=-1)
        experts = [nn.Dense(self.hidden, name=f"expert_{e}") for e in range(2)]
        y = sum(gate[..., e:e + 1] * experts[e](x) for e in range(2))
        aux = jnp.mean(gate[..., 0] * gate[..., 1])
        return y, aux


stage = RoutedStage(H)
stage_vars = jax.vmap(stage.init, in_axes=(0, None))(
    jax.random.split(jax.random.PRNGKey(0), STAGES), jnp.zeros((1, H)))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"),
                   check_vma=False)
def run_pipeline(stage_vars, mbs):
    v = jax.tree.map(lambda a: a[0], stage_vars)
    sid = jax.lax.axis_index("stage")
    perm = [(i, i + 1) for i in range(STAGES - 1)]

    def step(carry, t):
        h, aux_total = carry
        h = jnp.where(sid == 0, mbs[t % MICRO], h)
        h, aux = stage.apply(v, h)
        return (jax.lax.ppermute(h, "stage", perm), aux_total + aux), h

    (_, aux_total), hs = jax.lax.scan(step, (jnp.zeros_like(mbs[0]), 0.0), jnp.arange(MICRO + STAGES - 1))
    return hs[STAGES - 1:][None], aux_total[None]


@jax.jit
def forward(stage_vars, mbs):
    outs, aux = run_pipeline(stage_vars, mbs)
    return outs[-1], aux.sum()


mbs = jnp.ones((MICRO, 8, H))
print(forward.trace(stage_vars, mbs).lower(lowering_platforms=("cuda",)).as_text()[:20])
