import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('batch',))
data_sharding = NamedSharding(mesh, P('batch'))
replicated = NamedSharding(mesh, P())

model = eqx.nn.MLP(8, 1, 32, 2, key=jax.random.PRNGKey(0))


@eqx.filter_jit
def loss_and_grad(model, x, y):
  model = eqx.filter_shard(model, replicated)
  x, y = eqx.filter_shard((x, y), data_sharding)

  def loss_fn(m):
    return jnp.mean((jax.vmap(m)(x) - y) ** 2)

  loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
  return loss, eqx.filter_shard(grads, replicated)


params, static = eqx.partition(model, eqx.is_array)
f = jax.jit(lambda p, x, y: loss_and_grad(eqx.combine(p, static), x, y))
print(f.trace(params, jnp.ones((32, 8)), jnp.ones((32, 1))).lower(
    lowering_platforms=('cuda',)).as_text()[:60])
