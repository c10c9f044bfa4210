import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('batch',))
mlp = eqx.nn.MLP(4, 2, 8, 1, key=jax.random.key(0))
params, static = eqx.partition(mlp, eqx.is_array)


def local_loss(params, x, y):
  model = eqx.combine(params, static)
  pred = jax.vmap(model)(x)
  return jax.lax.pmean(jnp.mean((pred - y) ** 2), 'batch')


loss = jax.shard_map(local_loss, mesh=mesh, in_specs=(P(), P('batch'), P('batch')),
                     out_specs=P('batch'))

x = jnp.ones((16, 4))
y = jnp.zeros((16, 2))
print(jax.jit(loss).trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:30])
