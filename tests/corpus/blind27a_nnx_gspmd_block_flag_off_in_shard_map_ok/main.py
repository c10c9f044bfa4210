import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType

from easy.modules import Classifier
from easy.trainer import create_train_step


def main():
  mesh = jax.make_mesh((4,), ("dp",), axis_types=(AxisType.Auto,))
  # activations are per-device inside shard_map: no GSPMD constraints
  model = Classifier(32, 128, 10, partition_activations=False, rngs=nnx.Rngs(0))
  graphdef, state = nnx.split(model, nnx.Param)
  tx = optax.adamw(1e-3)
  opt_state = tx.init(state)
  step = create_train_step(graphdef, tx, mesh)
  x = jnp.zeros((16, 32))
  y = jnp.zeros((16,), jnp.int32)
  with jax.set_mesh(mesh):
    lowered = step.trace(state, opt_state, x, y).lower(lowering_platforms=("cuda",))
  print("ok", bool(lowered.as_text()))


if __name__ == "__main__":
  main()
