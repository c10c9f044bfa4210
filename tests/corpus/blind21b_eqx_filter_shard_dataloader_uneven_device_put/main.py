import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

BATCH_SIZE = 6


def dataloader(arrays, batch_size):
  n = arrays[0].shape[0]
  for start in range(0, n - batch_size + 1, batch_size):
    yield tuple(a[start:start + batch_size] for a in arrays)


def loss(model, x, y):
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def main():
  mesh = Mesh(np.array(jax.devices()), ("batch",))
  sharding = NamedSharding(mesh, P("batch"))
  replicated = NamedSharding(mesh, P())
  model = eqx.filter_shard(eqx.nn.MLP(2, 1, 8, 1, key=jr.key(0)), replicated)
  params, static = eqx.partition(model, eqx.is_array)
  grad_fn = jax.jit(lambda p, x, y: jax.grad(lambda p: loss(eqx.combine(p, static), x, y))(p))

  xs = np.random.rand(24, 2).astype(np.float32)
  ys = np.random.rand(24, 1).astype(np.float32)
  for step, (x, y) in enumerate(dataloader((xs, ys), BATCH_SIZE)):
    x, y = eqx.filter_shard((jnp.asarray(x), jnp.asarray(y)), sharding)
    grad_fn.trace(params, x, y).lower(lowering_platforms=("cuda",))
    if step == 1:
      break


if __name__ == "__main__":
  main()
