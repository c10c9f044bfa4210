import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

from tp import TPMLP, param_specs

mesh = jax.make_mesh((4,), ("tp",), axis_types=(jax.sharding.AxisType.Auto,))
model = TPMLP(64, 256, key=jr.key(0))


def block(m, x):
    # residual add; the all-reduce is fused in here
    return x + m(x)


@eqx.filter_jit
def forward(model, x):
    f = jax.shard_map(block, mesh=mesh,
                      in_specs=(param_specs(model), P()), out_specs=P())
    return f(model, x)


params, static = eqx.partition(model, eqx.is_array)
x = jnp.ones((8, 64))
lowered = jax.jit(lambda p, x: forward(eqx.combine(p, static), x)).trace(params, x).lower(
    lowering_platforms=("cuda",))
print(lowered.as_text()[:40])
