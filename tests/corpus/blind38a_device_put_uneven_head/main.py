import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from models.classifier import Classifier

mesh = jax.make_mesh((4,), ("model",), axis_types=(AxisType.Auto,))
model = Classifier(16, 64, 6, key=jax.random.key(0))


def shard_leaf(leaf):
    # shard every array's leading (output-feature) dimension over the model axis
    if eqx.is_array(leaf):
        return NamedSharding(mesh, P("model"))
    return None


params, static = eqx.partition(model, eqx.is_array)
params = jax.device_put(params, jax.tree.map(shard_leaf, params))


@eqx.filter_jit
def predict(params, x):
    return jax.vmap(eqx.combine(params, static))(x)


x = jnp.ones((8, 16))
lowered = jax.jit(predict).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
