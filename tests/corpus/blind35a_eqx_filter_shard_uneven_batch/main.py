import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import numpy as np

devices = np.array(jax.devices())
mesh = jshard.Mesh(devices, ("batch",))
sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())

model = eqx.nn.MLP(in_size=4, out_size=1, width_size=16, depth=2, key=jr.PRNGKey(0))
model = eqx.filter_shard(model, replicated)


@eqx.filter_jit
def evaluate(model, x):
    return jnp.mean(jax.vmap(model)(x))


dataset = jnp.arange(6 * 4, dtype=jnp.float32).reshape(6, 4)
x = eqx.filter_shard(dataset, sharding)

params, static = eqx.partition(model, eqx.is_array)
lowered = jax.jit(lambda p, x: evaluate(eqx.combine(p, static), x)).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
