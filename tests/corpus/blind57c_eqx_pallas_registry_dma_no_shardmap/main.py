import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from comm_kernels import COMM_KERNELS, DEVICE_AXIS

CONFIG = {"mixer": "neighbour", "dim": 256, "n_devices": 4}


class TokenMixer(eqx.Module):
  lin: eqx.nn.Linear
  mixer: str = eqx.field(static=True)
  n: int = eqx.field(static=True)

  def __init__(self, cfg, key):
    self.lin = eqx.nn.Linear(cfg["dim"], cfg["dim"], key=key)
    self.mixer = cfg["mixer"]
    self.n = cfg["n_devices"]

  def __call__(self, x):
    h = jax.vmap(self.lin)(x)
    mix = COMM_KERNELS[self.mixer]
    return h + mix(h, self.n)


@eqx.filter_jit
def predict(model, x):
  return model(x)


def main():
  mesh = Mesh(np.array(jax.devices()), (DEVICE_AXIS,))
  model = TokenMixer(CONFIG, jax.random.key(1))
  x = jax.device_put(jnp.ones((32, CONFIG["dim"])), NamedSharding(mesh, P(DEVICE_AXIS)))
  jax.jit(predict).trace(model, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
