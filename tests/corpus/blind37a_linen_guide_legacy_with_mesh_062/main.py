import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec

mesh = jax.make_mesh((2, 2), ("data", "model"))


class DotReluDot(nn.Module):
    depth: int

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.depth, kernel_init=nn.with_partitioning(nn.initializers.xavier_normal(), (None, "model")),
                     use_bias=False)(x)
        y = jax.nn.relu(y)
        y = jax.lax.with_sharding_constraint(y, NamedSharding(mesh, PartitionSpec("data", "model")))
        W2 = self.param("W2", nn.with_partitioning(nn.initializers.xavier_normal(), ("model", None)),
                        (self.depth, x.shape[-1]))
        return jnp.dot(y, W2)


model = DotReluDot(1024)
optimizer = optax.adam(1e-3)
x = jax.device_put(jnp.ones((8, 256)), NamedSharding(mesh, PartitionSpec("data", None)))


def init_fn(k, x, model, optimizer):
    variables = model.init(k, x)
    return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=optimizer)


abstract_variables = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer),
                                    jax.random.key(0), x)
state_sharding = nn.get_sharding(abstract_variables, mesh)

jit_init_fn = jax.jit(init_fn, static_argnums=(2, 3), in_shardings=(NamedSharding(mesh, PartitionSpec()), x.sharding),
                      out_shardings=state_sharding)
with mesh:
    lowered = jit_init_fn.trace(jax.random.key(0), x, model, optimizer).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
