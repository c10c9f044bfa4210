import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import AxisType, PartitionSpec as P

try:
    from jax import shard_map
except ImportError:  # older JAX
    from jax.experimental.shard_map import shard_map

from pp import shift_to_next_stage

N_STAGES, N_MICRO, WIDTH = 4, 4, 32

stages = eqx.filter_vmap(
    lambda k: eqx.nn.MLP(WIDTH, WIDTH, width_size=64, depth=1, key=k)
)(jax.random.split(jax.random.PRNGKey(0), N_STAGES))
params, static = eqx.partition(stages, eqx.is_array)
mesh = jax.make_mesh((N_STAGES,), ("pp",), axis_types=(AxisType.Auto,))


def step(params, xs):
    stage = eqx.combine(jax.tree.map(lambda p: p[0], params), static)
    apply = jax.vmap(stage)
    me = jax.lax.axis_index("pp")

    def tick(t, h):
        h = apply(jnp.where(me == 0, xs[t % N_MICRO], h))
        return shift_to_next_stage(h, "pp", N_STAGES)

    h0 = apply(xs[0])
    return jax.lax.fori_loop(0, N_MICRO + N_STAGES - 1, tick, h0)[None]


step = shard_map(step, mesh=mesh, in_specs=(P("pp"), P()), out_specs=P("pp"))


@eqx.filter_jit
def loss_fn(params, xs):
    return jnp.mean(step(params, xs)[-1] ** 2)


xs = jnp.ones((N_MICRO, 8, WIDTH))
lowered = jax.jit(loss_fn).trace(params, xs).lower(lowering_platforms=("cuda",))
print("ok", lowered is not None)
