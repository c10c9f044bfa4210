import functools

import jax
import jax.numpy as jnp

from models import SmallResNet
from train import create_train_state, train_step


def replicate_abstract(tree, n):
  return jax.tree_util.tree_map(lambda a: jax.ShapeDtypeStruct((n,) + a.shape, a.dtype), tree)


def main():
  n = jax.local_device_count()
  model = SmallResNet(num_classes=10)
  state = jax.eval_shape(
      functools.partial(create_train_state, model=model, image_shape=(1, 32, 32, 3),
                        learning_rate=0.1), jax.random.PRNGKey(0))
  state = replicate_abstract(state, n)
  batch = {
      'image': jax.ShapeDtypeStruct((n, 16, 32, 32, 3), jnp.float32),
      'label': jax.ShapeDtypeStruct((n, 16), jnp.int32),
  }

  p_train_step = jax.pmap(train_step, axis_name='devices', donate_argnums=(0,))
  jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
