import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from train import init, train_step

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
replicated = NamedSharding(mesh, P())
batch_sharding = NamedSharding(mesh, P("data"))

train_step = jax.shard_map(train_step, mesh=mesh,
                           in_specs=(P(), P("data")), out_specs=(P(), P()))
train_step = jax.jit(train_step)

params = init(jax.random.key(0), [8, 32, 32, 1])
batch = (jnp.ones((16, 8)), jnp.ones((16, 1)))
print(train_step.trace(params, batch).lower(lowering_platforms=("cuda",)).as_text()[:40])
