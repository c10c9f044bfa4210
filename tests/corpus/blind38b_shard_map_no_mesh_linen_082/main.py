from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.sharding import PartitionSpec as P


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(nn.relu(nn.Dense(32)(x)))


model = MLP()


@jax.jit
@partial(jax.shard_map, in_specs=(P(), P("batch")), out_specs=P())
def eval_loss(params, x):
    y = model.apply(params, x)
    return jax.lax.pmean(jnp.mean(y), "batch")


def main():
    mesh = jax.make_mesh((4,), ("batch",))
    x = jnp.ones((16, 8))
    params = model.init(jax.random.key(0), x)
    lowered = eval_loss.trace(params, x).lower(lowering_platforms=("cuda",))
    print(mesh.shape, lowered.as_text()[:20])


if __name__ == "__main__":
    main()
