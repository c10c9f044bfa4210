import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

RULES = (("batch", "data"), ("embed", None), ("hidden", "model"), ("classes", None))


class Classifier(nn.Module):
  @nn.compact
  def __call__(self, x, train: bool):
    init = nn.initializers.lecun_normal()
    x = nn.Dense(1024, dtype=jnp.bfloat16,
                 kernel_init=nn.with_logical_partitioning(init, ("embed", "hidden")))(x)
    x = nn.Dropout(0.1, deterministic=not train)(nn.gelu(x))
    return nn.Dense(10, dtype=jnp.bfloat16,
                    kernel_init=nn.with_logical_partitioning(init, ("hidden", "classes")))(x)


model = Classifier()
tx = optax.adam(1e-3)
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


def create_state(rng):
  params = model.init(rng, jnp.ones((1, 256)), train=False)["params"]
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


abstract = jax.eval_shape(create_state, jax.random.key(0))
state_sharding = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
batch_sharding = NamedSharding(mesh, P("data"))
state = jax.jit(create_state, out_shardings=state_sharding)(jax.random.key(0))


def train_step(state, batch, dropout_rng):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, batch["x"], train=True,
                            rngs={"dropout": dropout_rng})
    return optax.softmax_cross_entropy_with_integer_labels(
        logits.astype(jnp.float32), batch["y"]).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


p_train_step = jax.jit(
    train_step,
    in_shardings=(state_sharding, batch_sharding),
    out_shardings=(state_sharding, NamedSharding(mesh, P())),
    donate_argnums=0,
)

batch = {"x": jax.ShapeDtypeStruct((64, 256), jnp.float32, sharding=batch_sharding),
         "y": jax.ShapeDtypeStruct((64,), jnp.int32, sharding=batch_sharding)}
with nn.logical_axis_rules(RULES):
  p_train_step.trace(state, batch, jax.random.key(1)).lower(lowering_platforms=("cuda",))
