import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from trainer import DataParallelTrainer


def init_params(key, sizes):
  params = []
  for din, dout in zip(sizes[:-1], sizes[1:]):
    key, sub = jax.random.split(key)
    params.append((jax.random.normal(sub, (din, dout)) / np.sqrt(din), jnp.zeros((dout,))))
  return params


if __name__ == "__main__":
  mesh = Mesh(np.array(jax.devices()), ("data",))
  trainer = DataParallelTrainer(mesh)
  params = init_params(jax.random.key(0), [32, 64, 10])
  x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P("data")))
  labels = jax.device_put(jnp.zeros((16,), jnp.int32), NamedSharding(mesh, P("data")))

  print(trainer.train_step.trace(params, x, labels).lower(lowering_platforms=("cuda",)).as_text()[:40])
  print(trainer.eval_step.trace(params, x, labels).lower(lowering_platforms=("cuda",)).as_text()[:40])
