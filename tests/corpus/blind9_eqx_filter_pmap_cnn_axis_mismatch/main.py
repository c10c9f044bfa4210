import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from model import CNN
from parallel import build_step


def main():
  model = CNN(jax.random.key(5678))
  optim = optax.adamw(3e-4)
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  params, static = eqx.partition(model, eqx.is_array)
  step = build_step(optim)
  n = jax.local_device_count()
  x = jnp.zeros((n, 8, 1, 28, 28))
  y = jnp.zeros((n, 8), jnp.int32)
  lowered = jax.jit(lambda p, o, x, y: step(eqx.combine(p, static), o, x, y))
  lowered.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
