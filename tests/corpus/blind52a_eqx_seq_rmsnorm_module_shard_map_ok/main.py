import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import SeqParallelMLP

mesh = jax.make_mesh((4,), ("seq",), axis_types=(AxisType.Auto,))
model = SeqParallelMLP(32, depth=3, axis_name="seq", key=jax.random.key(0))


def loss(model, x):
    y = jax.vmap(model)(x)
    return jnp.mean(y ** 2)


loss = eqx.filter_jit(jax.shard_map(loss, mesh=mesh, in_specs=(P(), P(None, "seq", None)),
                                   out_specs=P(), check_vma=False))

params, static = eqx.partition(model, eqx.is_array)
x = jax.device_put(jnp.ones((2, 64, 32)), NamedSharding(mesh, P(None, "seq", None)))
lowered = jax.jit(lambda p, x: loss(eqx.combine(p, static), x)).trace(params, x).lower(
    lowering_platforms=("cuda",))
print(lowered.as_text()[:40])
