import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from resnet import SmallResNet, create_state, make_eval_step, make_train_step
from resnet.models import BN_AXIS


def main():
  mesh = Mesh(np.array(jax.devices()), (BN_AXIS,))
  model = SmallResNet()
  state = create_state(model, jax.random.key(0), (1, 16, 16, 3))
  images = jnp.ones((16, 16, 16, 3))
  labels = jnp.zeros((16,), jnp.int32)
  train_step = make_train_step(mesh)
  train_step.trace(state, images, labels).lower(lowering_platforms=("cuda",))
  evaluate = make_eval_step()
  evaluate.trace(state, images, labels, top_k=5).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
