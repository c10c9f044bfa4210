import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training.train_state import TrainState
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import Classifier
from steps import make_train_step

devices = np.array(jax.devices())
mesh = Mesh(devices, axis_names=("dp",))

model = Classifier()
tx = optax.adamw(3e-4)

p_train_step = jax.jit(
    shard_map(
        make_train_step("dp"),
        mesh=mesh,
        in_specs=(P(), P("dp"), P()),
        out_specs=(P(), P()),
    ))

if __name__ == "__main__":
  variables = jax.eval_shape(lambda k: model.init(k, jnp.zeros((1, 784)), train=False),
                             jax.random.PRNGKey(0))
  state = jax.eval_shape(
      lambda p: TrainState.create(apply_fn=model.apply, params=p, tx=tx),
      variables["params"])
  batch_sharding = NamedSharding(mesh, P("dp"))
  batch = {
      "x": jax.ShapeDtypeStruct((256, 784), jnp.float32, sharding=batch_sharding),
      "y": jax.ShapeDtypeStruct((256,), jnp.int32, sharding=batch_sharding),
  }
  key = jax.ShapeDtypeStruct((2,), jnp.uint32)
  p_train_step.trace(state, batch, key).lower(lowering_platforms=("tpu",))
