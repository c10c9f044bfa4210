import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from nnxlm.model import MLPLM
from nnxlm.train import train_step


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
  tx = optax.adamw(1e-3, b1=0.9, b2=0.95)

  def create():
    model = MLPLM(vocab=8192, d_model=256, d_ff=1024, n_layers=2, rngs=nnx.Rngs(0))
    return model, nnx.Optimizer(model, tx, wrt=nnx.Param)

  with jax.set_mesh(mesh):
    abstract_model, abstract_opt = nnx.eval_shape(create)
  graphdef, state = nnx.split((abstract_model, abstract_opt))
  state_sharding = nnx.get_named_sharding(state, mesh)
  data_sharding = NamedSharding(mesh, P("data"))

  def pure_step(state, tokens):
    model, optimizer = nnx.merge(graphdef, state)
    loss = train_step(model, optimizer, tokens)
    return nnx.state((model, optimizer)), loss

  step = jax.jit(pure_step, in_shardings=(state_sharding, data_sharding),
                 out_shardings=(state_sharding, None), donate_argnums=0)
  tokens = jax.ShapeDtypeStruct((32, 257), jnp.int32)
  lowered = step.trace(state, tokens).lower(lowering_platforms=("cuda",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
