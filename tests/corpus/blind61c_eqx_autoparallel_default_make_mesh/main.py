import equinox as eqx
import jax
import jax.numpy as jnp
import jax.sharding as jshard

import train

num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",))
sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())

model = eqx.nn.MLP(in_size=1, out_size=1, width_size=128, depth=3, key=jax.random.key(6789))
params, static = eqx.partition(model, eqx.is_array)
opt_state = train.optim.init(params)


def run(params, opt_state, x, y):
    model, opt_state = train.train_step(eqx.combine(params, static), opt_state, x, y,
                                        sharding, replicated)
    return eqx.filter(model, eqx.is_array), opt_state


if __name__ == "__main__":
    x = jax.ShapeDtypeStruct((64, 1), jnp.float32)
    y = jax.ShapeDtypeStruct((64, 1), jnp.float32)
    jax.jit(run).trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))
