import equinox as eqx
import jax


def make_net(din, width, dout, key):
  k = jax.random.split(key, 4)
  return eqx.nn.Sequential([
      eqx.nn.Linear(din, width, key=k[0]),
      eqx.nn.Lambda(jax.nn.relu),
      eqx.nn.Linear(width, width, key=k[1]),
      eqx.nn.Lambda(jax.nn.relu),
      eqx.nn.Dropout(0.1, inference=True),
      eqx.nn.Linear(width, width, key=k[2]),
      eqx.nn.Lambda(jax.nn.relu),
      eqx.nn.Linear(width, dout, key=k[3]),
  ])
