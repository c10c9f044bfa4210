import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from shard_rules import tp_shardings

mesh = Mesh(np.array(jax.devices()), ("model",))

model = eqx.nn.MLP(in_size=784, out_size=10, width_size=512, depth=2,
                   activation=jax.nn.relu, key=jax.random.key(42))
params, static = eqx.partition(model, eqx.is_array)
params = jax.device_put(params, tp_shardings(params, mesh))


@jax.jit
def predict(params, images):
  m = eqx.combine(params, static)
  logits = jax.vmap(m)(images)
  return jax.nn.log_softmax(logits)


images = jax.ShapeDtypeStruct((128, 784), jnp.bfloat16, sharding=NamedSharding(mesh, P()))
predict.trace(params, images).lower(lowering_platforms=("tpu",))
