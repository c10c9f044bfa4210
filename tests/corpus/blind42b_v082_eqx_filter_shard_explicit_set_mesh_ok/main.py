import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from lib.train import make_train_step

mesh = jax.make_mesh((4,), ('batch',), axis_types=(AxisType.Explicit,))
data_sharding = NamedSharding(mesh, P('batch'))
model_sharding = NamedSharding(mesh, P())
jax.set_mesh(mesh)

model = eqx.nn.MLP(10, 1, 32, depth=3, key=jr.key(1))
optim = optax.sgd(0.05)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
x = jax.device_put(jnp.ones((64, 10)), data_sharding)
y = jax.device_put(jnp.zeros((64,)), data_sharding)
train_step = make_train_step(optim, data_sharding, model_sharding)

dyn, static = eqx.partition((model, opt_state), eqx.is_array)
step = jax.jit(lambda d, x, y: train_step(*eqx.combine(d, static), x, y)[2])
print(step.trace(dyn, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
