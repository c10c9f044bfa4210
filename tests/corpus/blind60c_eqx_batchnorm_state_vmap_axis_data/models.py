import equinox as eqx
import jax

BN_AXIS = "batch"


def make_cnn(key):
  k1, k2, k3 = jax.random.split(key, 3)
  return eqx.nn.Sequential([
      eqx.nn.Conv2d(1, 16, 3, padding=1, key=k1),
      eqx.nn.BatchNorm(16, axis_name=BN_AXIS),
      eqx.nn.Lambda(jax.nn.relu),
      eqx.nn.MaxPool2d(2, 2),
      eqx.nn.Conv2d(16, 32, 3, padding=1, key=k2),
      eqx.nn.BatchNorm(32, axis_name=BN_AXIS),
      eqx.nn.Lambda(jax.nn.relu),
      eqx.nn.AdaptiveAvgPool2d(1),
      eqx.nn.Lambda(lambda x: x.reshape(-1)),
      eqx.nn.Linear(32, 10, key=k3),
  ])
