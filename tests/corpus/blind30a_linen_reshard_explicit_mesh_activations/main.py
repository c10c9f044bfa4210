import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

# make_mesh gives Explicit axes on JAX 0.10: constrain with reshard
mesh = jax.make_mesh((4,), ("batch",))
ACT = NamedSharding(mesh, P("batch", None))


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(64)(x))
        h = jax.sharding.reshard(h, ACT)
        return nn.Dense(16)(h)


model = Encoder()


@jax.jit
def encode(params, x):
    return model.apply({"params": params}, x)


if __name__ == "__main__":
    x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P("batch", None)))
    params = jax.jit(model.init)(jax.random.key(0), jnp.ones((4, 32)))["params"]
    print(encode.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
