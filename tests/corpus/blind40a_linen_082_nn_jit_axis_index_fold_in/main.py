import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


class NoisyBlock(nn.Module):
    rate: float = 0.1

    @nn.compact
    def __call__(self, x):
        # decorrelate dropout masks across data shards
        rng = jax.random.fold_in(self.make_rng("dropout"), jax.lax.axis_index("data"))
        keep = jax.random.bernoulli(rng, 1.0 - self.rate, x.shape)
        return nn.Dense(x.shape[-1])(jnp.where(keep, x / (1.0 - self.rate), 0.0))


JitBlock = nn.jit(NoisyBlock)


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return JitBlock()(x)


model = Model()
x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data")))
rngs = {"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}
variables = jax.eval_shape(model.init, rngs, x)
apply = jax.jit(lambda v, x, r: model.apply(v, x, rngs={"dropout": r}))
print(apply.trace(variables, x, jax.random.PRNGKey(2)).lower(lowering_platforms=("cuda",)).as_text()[:60])
