import equinox as eqx
import jax
import jax.numpy as jnp
import jax.sharding as jshard
import numpy as np

mesh = jax.make_mesh((4,), ("batch",), axis_types=(jshard.AxisType.Auto,))
sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))

model = eqx.nn.Linear(16, 4, key=jax.random.key(0))

# dataloader yields 10 examples per step
x = np.ones((10, 16), np.float32)
x = eqx.filter_shard(x, sharding)


@eqx.filter_jit
def predict(model, x):
  return jax.vmap(model)(x)


params, static = eqx.partition(model, eqx.is_array)
f = jax.jit(lambda p, x: jax.vmap(eqx.combine(p, static))(x))
print(f.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
