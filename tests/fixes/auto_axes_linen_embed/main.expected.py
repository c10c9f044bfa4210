import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, ids):
        return nn.Dense(32)(nn.Embed(512, 64)(ids))


model = Encoder()
mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))

if __name__ == "__main__":
    with jax.set_mesh(mesh):
        params = jax.device_put(model.init(jax.random.key(0), jnp.zeros((1, 8), jnp.int32)), P())
        ids = jax.device_put(jnp.zeros((16, 8), jnp.int32), P("data", None))
        jax.jit(model.apply).trace(params, ids).lower(lowering_platforms=("cuda",))
