import jax
import jax.numpy as jnp
import optax
from flax import jax_utils

from config import TrainConfig
from models import ResNetTiny
from train import TrainState, make_train_step


def main():
  cfg = TrainConfig()
  model = ResNetTiny(cfg.num_classes, cfg.bn_axis_name)
  variables = model.init(jax.random.key(0), jnp.ones((1, 8, 8, 3)), train=False)
  state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                            batch_stats=variables['batch_stats'],
                            tx=optax.sgd(cfg.learning_rate, cfg.momentum))
  state = jax_utils.replicate(state)
  n = jax.local_device_count()
  images = jnp.ones((n, 4, 8, 8, 3))
  labels = jnp.zeros((n, 4), jnp.int32)
  step = make_train_step(cfg)
  jax.jit(step).trace(state, images, labels).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
