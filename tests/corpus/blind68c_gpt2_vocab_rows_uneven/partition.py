from jax.sharding import NamedSharding, PartitionSpec as P


def param_specs():
  return {
      "wte": P("model", None),            # vocab-parallel embedding / tied lm head
      "wpe": P(None, None),
      "h": {
          "ln_1": P(None, None),
          "c_attn": P(None, None, "model"),
          "c_proj": P(None, "model", None),
          "ln_2": P(None, None),
          "c_fc": P(None, None, "model"),
          "c_proj_mlp": P(None, "model", None),
      },
      "ln_f": P(None),
  }


def to_shardings(mesh, specs):
  import jax
  return jax.tree.map(lambda s: NamedSharding(mesh, s), specs,
                      is_leaf=lambda s: isinstance(s, P))
