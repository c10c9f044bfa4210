import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from model import Ensemble
from train import create_state, train_step

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))
data_sharding = NamedSharding(mesh, P('data'))
replicated = NamedSharding(mesh, P())

model = Ensemble(features=32, size=5)
x = jnp.ones((16, 8))
y = jnp.zeros((16, 1))
state = create_state(model, jax.random.key(0), x)

step = jax.jit(train_step, in_shardings=(replicated, data_sharding, data_sharding))
print(step.trace(state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
