import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('batch',))
data_sharding = NamedSharding(mesh, P('batch'))
model_sharding = NamedSharding(mesh, P())

model = eqx.nn.MLP(8, 2, 32, 2, key=jax.random.key(0))
optim = optax.adamw(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def compute_loss(model, x, y):
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@eqx.filter_jit(donate='all')
def train_step(model, opt_state, x, y):
  model, opt_state = eqx.filter_shard((model, opt_state), model_sharding)
  x, y = eqx.filter_shard((x, y), data_sharding)
  grads = eqx.filter_grad(compute_loss)(model, x, y)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_inexact_array))
  model = eqx.apply_updates(model, updates)
  model, opt_state = eqx.filter_shard((model, opt_state), model_sharding)
  return model, opt_state


x = jnp.ones((32, 8))
y = jnp.zeros((32, 2))
params, static = eqx.partition(model, eqx.is_array)
step = jax.jit(lambda p, o, x, y: eqx.filter(train_step(eqx.combine(p, static), o, x, y), eqx.is_array))
print(step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:20])
