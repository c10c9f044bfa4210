import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from comm import PIPE, send_next

N = 4
mesh = jax.make_mesh((N,), (PIPE,), axis_types=(AxisType.Explicit,))

model = eqx.nn.MLP(in_size=16, out_size=16, width_size=32, depth=1, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


def stage(params, microbatches):
    net = eqx.combine(params, static)

    def body(act, mb):
        act = jax.vmap(net)(act + mb)
        act = send_next(act, N)
        return act, act

    _, ys = jax.lax.scan(body, jnp.zeros(microbatches.shape[1:], microbatches.dtype), microbatches)
    return ys


@eqx.filter_jit
def run(params, xs):
    f = jax.shard_map(stage, mesh=mesh, in_specs=(P(), P(PIPE)), out_specs=P(PIPE))
    return f(params, xs)


xs = jax.device_put(jnp.ones((N * 3, 8, 16)), NamedSharding(mesh, P(PIPE)))
lowered = jax.jit(run).trace(params, xs).lower(lowering_platforms=("cuda",))
print("ok", lowered.as_text()[:40])
