import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

N_STAGES = 4
N_MICRO = 4
WIDTH = 32


def make_stage(key):
    return eqx.nn.MLP(WIDTH, WIDTH, width_size=64, depth=1, activation=jax.nn.relu, key=key)


stages = eqx.filter_vmap(make_stage)(jax.random.split(jax.random.PRNGKey(0), N_STAGES))
params, static = eqx.partition(stages, eqx.is_array)

mesh = jax.make_mesh((N_STAGES,), ("pp",), axis_types=(AxisType.Auto,))
perm = [(i, i + 1) for i in range(N_STAGES - 1)]


def stage_loop(params, xs):
    stage = eqx.combine(jax.tree.map(lambda p: p[0], params), static)
    apply = jax.vmap(stage)
    me = jax.lax.axis_index("pp")

    def tick(t, h):
        h = apply(jnp.where(me == 0, xs[t % N_MICRO], h))
        tok = jax.lax.psend(h, "pp", perm)
        return jax.lax.precv(tok, h, "pp", perm)

    # stage 0 starts from microbatch 0's output
    h0 = apply(xs[0])
    return jax.lax.fori_loop(1, N_MICRO + N_STAGES - 1, tick, h0)[None]


pipelined = jax.shard_map(stage_loop, mesh=mesh, in_specs=(P("pp"), P()), out_specs=P("pp"))


@jax.jit
def loss_fn(params, xs):
    return jnp.mean(pipelined(params, xs)[-1] ** 2)


xs = jnp.ones((N_MICRO, 8, WIDTH))
print(loss_fn.trace(params, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
