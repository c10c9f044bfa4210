from dataclasses import dataclass

import jax
import jax.numpy as jnp

from losses import get_loss


@dataclass
class Config:
  loss: str = 'sharded_xent'
  classes: int = 128
  features: int = 256
  batch: int = 32


def main(cfg: Config = Config()):
  loss_fn = get_loss(cfg.loss)
  step = jax.jit(jax.value_and_grad(loss_fn))
  w = jnp.zeros((cfg.features, cfg.classes))
  x = jnp.ones((cfg.batch, cfg.features))
  labels = jnp.zeros((cfg.batch,), jnp.int32)
  step.trace(w, x, labels).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
