import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);
import {
  checkPattern,
  field,
  isObject,
  parseFleetText,
  parseYamlDocuments,
  parseYamlMapping,
  require_dist,
  stringMap,
  typeName
} from "./chunk-YUX2ULRY.js";
import {
  AWS,
  AWS_INSTANCE_LABELS,
  AWS_OVERLAY_ALLOW_LIST,
  AWS_REQUIREMENT_ALLOW_LIST,
  CAPACITY_TYPES,
  LABEL_ARCH,
  LABEL_CAPACITY_TYPE,
  LABEL_EC2NODECLASS,
  LABEL_HOSTNAME,
  LABEL_INSTANCE_CATEGORY,
  LABEL_INSTANCE_FAMILY,
  LABEL_INSTANCE_FLEX,
  LABEL_INSTANCE_GENERATION,
  LABEL_INSTANCE_TENANCY,
  LABEL_INSTANCE_TYPE,
  LABEL_NODEPOOL,
  LABEL_OS,
  LABEL_RESERVATION_ID,
  LABEL_RESERVATION_INTERRUPTIBLE,
  LABEL_RESERVATION_TYPE,
  LABEL_ZONE,
  WELL_KNOWN_LABELS,
  counter,
  labelDomain,
  normalizeKey,
  own,
  validateLabelKey,
  validateLabelValue
} from "./chunk-N7GVO2GR.js";
import {
  errorMessage
} from "./chunk-WZ5PGY7U.js";
import {
  decodeCatalog,
  embeddedCatalog
} from "./chunk-X7VZIAXS.js";
import {
  __commonJS,
  __require,
  __toESM
} from "./chunk-SB3DEY2U.js";

// node_modules/ajv/dist/compile/codegen/code.js
var require_code = __commonJS({
  "node_modules/ajv/dist/compile/codegen/code.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.regexpCode = exports.getEsmExportName = exports.getProperty = exports.safeStringify = exports.stringify = exports.strConcat = exports.addCodeArg = exports.str = exports._ = exports.nil = exports._Code = exports.Name = exports.IDENTIFIER = exports._CodeOrName = void 0;
    var _CodeOrName = class {
    };
    exports._CodeOrName = _CodeOrName;
    exports.IDENTIFIER = /^[a-z$_][a-z$_0-9]*$/i;
    var Name = class extends _CodeOrName {
      constructor(s) {
        super();
        if (!exports.IDENTIFIER.test(s))
          throw new Error("CodeGen: name must be a valid identifier");
        this.str = s;
      }
      toString() {
        return this.str;
      }
      emptyStr() {
        return false;
      }
      get names() {
        return { [this.str]: 1 };
      }
    };
    exports.Name = Name;
    var _Code = class extends _CodeOrName {
      constructor(code2) {
        super();
        this._items = typeof code2 === "string" ? [code2] : code2;
      }
      toString() {
        return this.str;
      }
      emptyStr() {
        if (this._items.length > 1)
          return false;
        const item = this._items[0];
        return item === "" || item === '""';
      }
      get str() {
        var _a;
        return (_a = this._str) !== null && _a !== void 0 ? _a : this._str = this._items.reduce((s, c) => `${s}${c}`, "");
      }
      get names() {
        var _a;
        return (_a = this._names) !== null && _a !== void 0 ? _a : this._names = this._items.reduce((names, c) => {
          if (c instanceof Name)
            names[c.str] = (names[c.str] || 0) + 1;
          return names;
        }, {});
      }
    };
    exports._Code = _Code;
    exports.nil = new _Code("");
    function _(strs, ...args) {
      const code2 = [strs[0]];
      let i = 0;
      while (i < args.length) {
        addCodeArg(code2, args[i]);
        code2.push(strs[++i]);
      }
      return new _Code(code2);
    }
    exports._ = _;
    var plus = new _Code("+");
    function str(strs, ...args) {
      const expr = [safeStringify(strs[0])];
      let i = 0;
      while (i < args.length) {
        expr.push(plus);
        addCodeArg(expr, args[i]);
        expr.push(plus, safeStringify(strs[++i]));
      }
      optimize(expr);
      return new _Code(expr);
    }
    exports.str = str;
    function addCodeArg(code2, arg) {
      if (arg instanceof _Code)
        code2.push(...arg._items);
      else if (arg instanceof Name)
        code2.push(arg);
      else
        code2.push(interpolate(arg));
    }
    exports.addCodeArg = addCodeArg;
    function optimize(expr) {
      let i = 1;
      while (i < expr.length - 1) {
        if (expr[i] === plus) {
          const res = mergeExprItems(expr[i - 1], expr[i + 1]);
          if (res !== void 0) {
            expr.splice(i - 1, 3, res);
            continue;
          }
          expr[i++] = "+";
        }
        i++;
      }
    }
    function mergeExprItems(a, b) {
      if (b === '""')
        return a;
      if (a === '""')
        return b;
      if (typeof a == "string") {
        if (b instanceof Name || a[a.length - 1] !== '"')
          return;
        if (typeof b != "string")
          return `${a.slice(0, -1)}${b}"`;
        if (b[0] === '"')
          return a.slice(0, -1) + b.slice(1);
        return;
      }
      if (typeof b == "string" && b[0] === '"' && !(a instanceof Name))
        return `"${a}${b.slice(1)}`;
      return;
    }
    function strConcat(c1, c2) {
      return c2.emptyStr() ? c1 : c1.emptyStr() ? c2 : str`${c1}${c2}`;
    }
    exports.strConcat = strConcat;
    function interpolate(x) {
      return typeof x == "number" || typeof x == "boolean" || x === null ? x : safeStringify(Array.isArray(x) ? x.join(",") : x);
    }
    function stringify3(x) {
      return new _Code(safeStringify(x));
    }
    exports.stringify = stringify3;
    function safeStringify(x) {
      return JSON.stringify(x).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
    }
    exports.safeStringify = safeStringify;
    function getProperty(key) {
      return typeof key == "string" && exports.IDENTIFIER.test(key) ? new _Code(`.${key}`) : _`[${key}]`;
    }
    exports.getProperty = getProperty;
    function getEsmExportName(key) {
      if (typeof key == "string" && exports.IDENTIFIER.test(key)) {
        return new _Code(`${key}`);
      }
      throw new Error(`CodeGen: invalid export name: ${key}, use explicit $id name mapping`);
    }
    exports.getEsmExportName = getEsmExportName;
    function regexpCode(rx) {
      return new _Code(rx.toString());
    }
    exports.regexpCode = regexpCode;
  }
});

// node_modules/ajv/dist/compile/codegen/scope.js
var require_scope = __commonJS({
  "node_modules/ajv/dist/compile/codegen/scope.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.ValueScope = exports.ValueScopeName = exports.Scope = exports.varKinds = exports.UsedValueState = void 0;
    var code_1 = require_code();
    var ValueError = class extends Error {
      constructor(name) {
        super(`CodeGen: "code" for ${name} not defined`);
        this.value = name.value;
      }
    };
    var UsedValueState;
    (function(UsedValueState2) {
      UsedValueState2[UsedValueState2["Started"] = 0] = "Started";
      UsedValueState2[UsedValueState2["Completed"] = 1] = "Completed";
    })(UsedValueState || (exports.UsedValueState = UsedValueState = {}));
    exports.varKinds = {
      const: new code_1.Name("const"),
      let: new code_1.Name("let"),
      var: new code_1.Name("var")
    };
    var Scope = class {
      constructor({ prefixes, parent } = {}) {
        this._names = {};
        this._prefixes = prefixes;
        this._parent = parent;
      }
      toName(nameOrPrefix) {
        return nameOrPrefix instanceof code_1.Name ? nameOrPrefix : this.name(nameOrPrefix);
      }
      name(prefix) {
        return new code_1.Name(this._newName(prefix));
      }
      _newName(prefix) {
        const ng = this._names[prefix] || this._nameGroup(prefix);
        return `${prefix}${ng.index++}`;
      }
      _nameGroup(prefix) {
        var _a, _b;
        if (((_b = (_a = this._parent) === null || _a === void 0 ? void 0 : _a._prefixes) === null || _b === void 0 ? void 0 : _b.has(prefix)) || this._prefixes && !this._prefixes.has(prefix)) {
          throw new Error(`CodeGen: prefix "${prefix}" is not allowed in this scope`);
        }
        return this._names[prefix] = { prefix, index: 0 };
      }
    };
    exports.Scope = Scope;
    var ValueScopeName = class extends code_1.Name {
      constructor(prefix, nameStr) {
        super(nameStr);
        this.prefix = prefix;
      }
      setValue(value, { property, itemIndex }) {
        this.value = value;
        this.scopePath = (0, code_1._)`.${new code_1.Name(property)}[${itemIndex}]`;
      }
    };
    exports.ValueScopeName = ValueScopeName;
    var line = (0, code_1._)`\n`;
    var ValueScope = class extends Scope {
      constructor(opts) {
        super(opts);
        this._values = {};
        this._scope = opts.scope;
        this.opts = { ...opts, _n: opts.lines ? line : code_1.nil };
      }
      get() {
        return this._scope;
      }
      name(prefix) {
        return new ValueScopeName(prefix, this._newName(prefix));
      }
      value(nameOrPrefix, value) {
        var _a;
        if (value.ref === void 0)
          throw new Error("CodeGen: ref must be passed in value");
        const name = this.toName(nameOrPrefix);
        const { prefix } = name;
        const valueKey = (_a = value.key) !== null && _a !== void 0 ? _a : value.ref;
        let vs = this._values[prefix];
        if (vs) {
          const _name = vs.get(valueKey);
          if (_name)
            return _name;
        } else {
          vs = this._values[prefix] = /* @__PURE__ */ new Map();
        }
        vs.set(valueKey, name);
        const s = this._scope[prefix] || (this._scope[prefix] = []);
        const itemIndex = s.length;
        s[itemIndex] = value.ref;
        name.setValue(value, { property: prefix, itemIndex });
        return name;
      }
      getValue(prefix, keyOrRef) {
        const vs = this._values[prefix];
        if (!vs)
          return;
        return vs.get(keyOrRef);
      }
      scopeRefs(scopeName, values = this._values) {
        return this._reduceValues(values, (name) => {
          if (name.scopePath === void 0)
            throw new Error(`CodeGen: name "${name}" has no value`);
          return (0, code_1._)`${scopeName}${name.scopePath}`;
        });
      }
      scopeCode(values = this._values, usedValues, getCode) {
        return this._reduceValues(values, (name) => {
          if (name.value === void 0)
            throw new Error(`CodeGen: name "${name}" has no value`);
          return name.value.code;
        }, usedValues, getCode);
      }
      _reduceValues(values, valueCode, usedValues = {}, getCode) {
        let code2 = code_1.nil;
        for (const prefix in values) {
          const vs = values[prefix];
          if (!vs)
            continue;
          const nameSet = usedValues[prefix] = usedValues[prefix] || /* @__PURE__ */ new Map();
          vs.forEach((name) => {
            if (nameSet.has(name))
              return;
            nameSet.set(name, UsedValueState.Started);
            let c = valueCode(name);
            if (c) {
              const def = this.opts.es5 ? exports.varKinds.var : exports.varKinds.const;
              code2 = (0, code_1._)`${code2}${def} ${name} = ${c};${this.opts._n}`;
            } else if (c = getCode === null || getCode === void 0 ? void 0 : getCode(name)) {
              code2 = (0, code_1._)`${code2}${c}${this.opts._n}`;
            } else {
              throw new ValueError(name);
            }
            nameSet.set(name, UsedValueState.Completed);
          });
        }
        return code2;
      }
    };
    exports.ValueScope = ValueScope;
  }
});

// node_modules/ajv/dist/compile/codegen/index.js
var require_codegen = __commonJS({
  "node_modules/ajv/dist/compile/codegen/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.or = exports.and = exports.not = exports.CodeGen = exports.operators = exports.varKinds = exports.ValueScopeName = exports.ValueScope = exports.Scope = exports.Name = exports.regexpCode = exports.stringify = exports.getProperty = exports.nil = exports.strConcat = exports.str = exports._ = void 0;
    var code_1 = require_code();
    var scope_1 = require_scope();
    var code_2 = require_code();
    Object.defineProperty(exports, "_", { enumerable: true, get: function() {
      return code_2._;
    } });
    Object.defineProperty(exports, "str", { enumerable: true, get: function() {
      return code_2.str;
    } });
    Object.defineProperty(exports, "strConcat", { enumerable: true, get: function() {
      return code_2.strConcat;
    } });
    Object.defineProperty(exports, "nil", { enumerable: true, get: function() {
      return code_2.nil;
    } });
    Object.defineProperty(exports, "getProperty", { enumerable: true, get: function() {
      return code_2.getProperty;
    } });
    Object.defineProperty(exports, "stringify", { enumerable: true, get: function() {
      return code_2.stringify;
    } });
    Object.defineProperty(exports, "regexpCode", { enumerable: true, get: function() {
      return code_2.regexpCode;
    } });
    Object.defineProperty(exports, "Name", { enumerable: true, get: function() {
      return code_2.Name;
    } });
    var scope_2 = require_scope();
    Object.defineProperty(exports, "Scope", { enumerable: true, get: function() {
      return scope_2.Scope;
    } });
    Object.defineProperty(exports, "ValueScope", { enumerable: true, get: function() {
      return scope_2.ValueScope;
    } });
    Object.defineProperty(exports, "ValueScopeName", { enumerable: true, get: function() {
      return scope_2.ValueScopeName;
    } });
    Object.defineProperty(exports, "varKinds", { enumerable: true, get: function() {
      return scope_2.varKinds;
    } });
    exports.operators = {
      GT: new code_1._Code(">"),
      GTE: new code_1._Code(">="),
      LT: new code_1._Code("<"),
      LTE: new code_1._Code("<="),
      EQ: new code_1._Code("==="),
      NEQ: new code_1._Code("!=="),
      NOT: new code_1._Code("!"),
      OR: new code_1._Code("||"),
      AND: new code_1._Code("&&"),
      ADD: new code_1._Code("+")
    };
    var Node = class {
      optimizeNodes() {
        return this;
      }
      optimizeNames(_names, _constants) {
        return this;
      }
    };
    var Def = class extends Node {
      constructor(varKind, name, rhs) {
        super();
        this.varKind = varKind;
        this.name = name;
        this.rhs = rhs;
      }
      render({ es5, _n }) {
        const varKind = es5 ? scope_1.varKinds.var : this.varKind;
        const rhs = this.rhs === void 0 ? "" : ` = ${this.rhs}`;
        return `${varKind} ${this.name}${rhs};` + _n;
      }
      optimizeNames(names, constants) {
        if (!names[this.name.str])
          return;
        if (this.rhs)
          this.rhs = optimizeExpr(this.rhs, names, constants);
        return this;
      }
      get names() {
        return this.rhs instanceof code_1._CodeOrName ? this.rhs.names : {};
      }
    };
    var Assign = class extends Node {
      constructor(lhs, rhs, sideEffects) {
        super();
        this.lhs = lhs;
        this.rhs = rhs;
        this.sideEffects = sideEffects;
      }
      render({ _n }) {
        return `${this.lhs} = ${this.rhs};` + _n;
      }
      optimizeNames(names, constants) {
        if (this.lhs instanceof code_1.Name && !names[this.lhs.str] && !this.sideEffects)
          return;
        this.rhs = optimizeExpr(this.rhs, names, constants);
        return this;
      }
      get names() {
        const names = this.lhs instanceof code_1.Name ? {} : { ...this.lhs.names };
        return addExprNames(names, this.rhs);
      }
    };
    var AssignOp = class extends Assign {
      constructor(lhs, op, rhs, sideEffects) {
        super(lhs, rhs, sideEffects);
        this.op = op;
      }
      render({ _n }) {
        return `${this.lhs} ${this.op}= ${this.rhs};` + _n;
      }
    };
    var Label = class extends Node {
      constructor(label) {
        super();
        this.label = label;
        this.names = {};
      }
      render({ _n }) {
        return `${this.label}:` + _n;
      }
    };
    var Break = class extends Node {
      constructor(label) {
        super();
        this.label = label;
        this.names = {};
      }
      render({ _n }) {
        const label = this.label ? ` ${this.label}` : "";
        return `break${label};` + _n;
      }
    };
    var Throw = class extends Node {
      constructor(error) {
        super();
        this.error = error;
      }
      render({ _n }) {
        return `throw ${this.error};` + _n;
      }
      get names() {
        return this.error.names;
      }
    };
    var AnyCode = class extends Node {
      constructor(code2) {
        super();
        this.code = code2;
      }
      render({ _n }) {
        return `${this.code};` + _n;
      }
      optimizeNodes() {
        return `${this.code}` ? this : void 0;
      }
      optimizeNames(names, constants) {
        this.code = optimizeExpr(this.code, names, constants);
        return this;
      }
      get names() {
        return this.code instanceof code_1._CodeOrName ? this.code.names : {};
      }
    };
    var ParentNode = class extends Node {
      constructor(nodes = []) {
        super();
        this.nodes = nodes;
      }
      render(opts) {
        return this.nodes.reduce((code2, n) => code2 + n.render(opts), "");
      }
      optimizeNodes() {
        const { nodes } = this;
        let i = nodes.length;
        while (i--) {
          const n = nodes[i].optimizeNodes();
          if (Array.isArray(n))
            nodes.splice(i, 1, ...n);
          else if (n)
            nodes[i] = n;
          else
            nodes.splice(i, 1);
        }
        return nodes.length > 0 ? this : void 0;
      }
      optimizeNames(names, constants) {
        const { nodes } = this;
        let i = nodes.length;
        while (i--) {
          const n = nodes[i];
          if (n.optimizeNames(names, constants))
            continue;
          subtractNames(names, n.names);
          nodes.splice(i, 1);
        }
        return nodes.length > 0 ? this : void 0;
      }
      get names() {
        return this.nodes.reduce((names, n) => addNames(names, n.names), {});
      }
    };
    var BlockNode = class extends ParentNode {
      render(opts) {
        return "{" + opts._n + super.render(opts) + "}" + opts._n;
      }
    };
    var Root = class extends ParentNode {
    };
    var Else = class extends BlockNode {
    };
    Else.kind = "else";
    var If = class _If extends BlockNode {
      constructor(condition, nodes) {
        super(nodes);
        this.condition = condition;
      }
      render(opts) {
        let code2 = `if(${this.condition})` + super.render(opts);
        if (this.else)
          code2 += "else " + this.else.render(opts);
        return code2;
      }
      optimizeNodes() {
        super.optimizeNodes();
        const cond = this.condition;
        if (cond === true)
          return this.nodes;
        let e = this.else;
        if (e) {
          const ns = e.optimizeNodes();
          e = this.else = Array.isArray(ns) ? new Else(ns) : ns;
        }
        if (e) {
          if (cond === false)
            return e instanceof _If ? e : e.nodes;
          if (this.nodes.length)
            return this;
          return new _If(not(cond), e instanceof _If ? [e] : e.nodes);
        }
        if (cond === false || !this.nodes.length)
          return void 0;
        return this;
      }
      optimizeNames(names, constants) {
        var _a;
        this.else = (_a = this.else) === null || _a === void 0 ? void 0 : _a.optimizeNames(names, constants);
        if (!(super.optimizeNames(names, constants) || this.else))
          return;
        this.condition = optimizeExpr(this.condition, names, constants);
        return this;
      }
      get names() {
        const names = super.names;
        addExprNames(names, this.condition);
        if (this.else)
          addNames(names, this.else.names);
        return names;
      }
    };
    If.kind = "if";
    var For = class extends BlockNode {
    };
    For.kind = "for";
    var ForLoop = class extends For {
      constructor(iteration) {
        super();
        this.iteration = iteration;
      }
      render(opts) {
        return `for(${this.iteration})` + super.render(opts);
      }
      optimizeNames(names, constants) {
        if (!super.optimizeNames(names, constants))
          return;
        this.iteration = optimizeExpr(this.iteration, names, constants);
        return this;
      }
      get names() {
        return addNames(super.names, this.iteration.names);
      }
    };
    var ForRange = class extends For {
      constructor(varKind, name, from, to) {
        super();
        this.varKind = varKind;
        this.name = name;
        this.from = from;
        this.to = to;
      }
      render(opts) {
        const varKind = opts.es5 ? scope_1.varKinds.var : this.varKind;
        const { name, from, to } = this;
        return `for(${varKind} ${name}=${from}; ${name}<${to}; ${name}++)` + super.render(opts);
      }
      get names() {
        const names = addExprNames(super.names, this.from);
        return addExprNames(names, this.to);
      }
    };
    var ForIter = class extends For {
      constructor(loop, varKind, name, iterable) {
        super();
        this.loop = loop;
        this.varKind = varKind;
        this.name = name;
        this.iterable = iterable;
      }
      render(opts) {
        return `for(${this.varKind} ${this.name} ${this.loop} ${this.iterable})` + super.render(opts);
      }
      optimizeNames(names, constants) {
        if (!super.optimizeNames(names, constants))
          return;
        this.iterable = optimizeExpr(this.iterable, names, constants);
        return this;
      }
      get names() {
        return addNames(super.names, this.iterable.names);
      }
    };
    var Func = class extends BlockNode {
      constructor(name, args, async) {
        super();
        this.name = name;
        this.args = args;
        this.async = async;
      }
      render(opts) {
        const _async = this.async ? "async " : "";
        return `${_async}function ${this.name}(${this.args})` + super.render(opts);
      }
    };
    Func.kind = "func";
    var Return = class extends ParentNode {
      render(opts) {
        return "return " + super.render(opts);
      }
    };
    Return.kind = "return";
    var Try = class extends BlockNode {
      render(opts) {
        let code2 = "try" + super.render(opts);
        if (this.catch)
          code2 += this.catch.render(opts);
        if (this.finally)
          code2 += this.finally.render(opts);
        return code2;
      }
      optimizeNodes() {
        var _a, _b;
        super.optimizeNodes();
        (_a = this.catch) === null || _a === void 0 ? void 0 : _a.optimizeNodes();
        (_b = this.finally) === null || _b === void 0 ? void 0 : _b.optimizeNodes();
        return this;
      }
      optimizeNames(names, constants) {
        var _a, _b;
        super.optimizeNames(names, constants);
        (_a = this.catch) === null || _a === void 0 ? void 0 : _a.optimizeNames(names, constants);
        (_b = this.finally) === null || _b === void 0 ? void 0 : _b.optimizeNames(names, constants);
        return this;
      }
      get names() {
        const names = super.names;
        if (this.catch)
          addNames(names, this.catch.names);
        if (this.finally)
          addNames(names, this.finally.names);
        return names;
      }
    };
    var Catch = class extends BlockNode {
      constructor(error) {
        super();
        this.error = error;
      }
      render(opts) {
        return `catch(${this.error})` + super.render(opts);
      }
    };
    Catch.kind = "catch";
    var Finally = class extends BlockNode {
      render(opts) {
        return "finally" + super.render(opts);
      }
    };
    Finally.kind = "finally";
    var CodeGen = class {
      constructor(extScope, opts = {}) {
        this._values = {};
        this._blockStarts = [];
        this._constants = {};
        this.opts = { ...opts, _n: opts.lines ? "\n" : "" };
        this._extScope = extScope;
        this._scope = new scope_1.Scope({ parent: extScope });
        this._nodes = [new Root()];
      }
      toString() {
        return this._root.render(this.opts);
      }
      // returns unique name in the internal scope
      name(prefix) {
        return this._scope.name(prefix);
      }
      // reserves unique name in the external scope
      scopeName(prefix) {
        return this._extScope.name(prefix);
      }
      // reserves unique name in the external scope and assigns value to it
      scopeValue(prefixOrName, value) {
        const name = this._extScope.value(prefixOrName, value);
        const vs = this._values[name.prefix] || (this._values[name.prefix] = /* @__PURE__ */ new Set());
        vs.add(name);
        return name;
      }
      getScopeValue(prefix, keyOrRef) {
        return this._extScope.getValue(prefix, keyOrRef);
      }
      // return code that assigns values in the external scope to the names that are used internally
      // (same names that were returned by gen.scopeName or gen.scopeValue)
      scopeRefs(scopeName) {
        return this._extScope.scopeRefs(scopeName, this._values);
      }
      scopeCode() {
        return this._extScope.scopeCode(this._values);
      }
      _def(varKind, nameOrPrefix, rhs, constant) {
        const name = this._scope.toName(nameOrPrefix);
        if (rhs !== void 0 && constant)
          this._constants[name.str] = rhs;
        this._leafNode(new Def(varKind, name, rhs));
        return name;
      }
      // `const` declaration (`var` in es5 mode)
      const(nameOrPrefix, rhs, _constant) {
        return this._def(scope_1.varKinds.const, nameOrPrefix, rhs, _constant);
      }
      // `let` declaration with optional assignment (`var` in es5 mode)
      let(nameOrPrefix, rhs, _constant) {
        return this._def(scope_1.varKinds.let, nameOrPrefix, rhs, _constant);
      }
      // `var` declaration with optional assignment
      var(nameOrPrefix, rhs, _constant) {
        return this._def(scope_1.varKinds.var, nameOrPrefix, rhs, _constant);
      }
      // assignment code
      assign(lhs, rhs, sideEffects) {
        return this._leafNode(new Assign(lhs, rhs, sideEffects));
      }
      // `+=` code
      add(lhs, rhs) {
        return this._leafNode(new AssignOp(lhs, exports.operators.ADD, rhs));
      }
      // appends passed SafeExpr to code or executes Block
      code(c) {
        if (typeof c == "function")
          c();
        else if (c !== code_1.nil)
          this._leafNode(new AnyCode(c));
        return this;
      }
      // returns code for object literal for the passed argument list of key-value pairs
      object(...keyValues) {
        const code2 = ["{"];
        for (const [key, value] of keyValues) {
          if (code2.length > 1)
            code2.push(",");
          code2.push(key);
          if (key !== value || this.opts.es5) {
            code2.push(":");
            (0, code_1.addCodeArg)(code2, value);
          }
        }
        code2.push("}");
        return new code_1._Code(code2);
      }
      // `if` clause (or statement if `thenBody` and, optionally, `elseBody` are passed)
      if(condition, thenBody, elseBody) {
        this._blockNode(new If(condition));
        if (thenBody && elseBody) {
          this.code(thenBody).else().code(elseBody).endIf();
        } else if (thenBody) {
          this.code(thenBody).endIf();
        } else if (elseBody) {
          throw new Error('CodeGen: "else" body without "then" body');
        }
        return this;
      }
      // `else if` clause - invalid without `if` or after `else` clauses
      elseIf(condition) {
        return this._elseNode(new If(condition));
      }
      // `else` clause - only valid after `if` or `else if` clauses
      else() {
        return this._elseNode(new Else());
      }
      // end `if` statement (needed if gen.if was used only with condition)
      endIf() {
        return this._endBlockNode(If, Else);
      }
      _for(node, forBody) {
        this._blockNode(node);
        if (forBody)
          this.code(forBody).endFor();
        return this;
      }
      // a generic `for` clause (or statement if `forBody` is passed)
      for(iteration, forBody) {
        return this._for(new ForLoop(iteration), forBody);
      }
      // `for` statement for a range of values
      forRange(nameOrPrefix, from, to, forBody, varKind = this.opts.es5 ? scope_1.varKinds.var : scope_1.varKinds.let) {
        const name = this._scope.toName(nameOrPrefix);
        return this._for(new ForRange(varKind, name, from, to), () => forBody(name));
      }
      // `for-of` statement (in es5 mode replace with a normal for loop)
      forOf(nameOrPrefix, iterable, forBody, varKind = scope_1.varKinds.const) {
        const name = this._scope.toName(nameOrPrefix);
        if (this.opts.es5) {
          const arr = iterable instanceof code_1.Name ? iterable : this.var("_arr", iterable);
          return this.forRange("_i", 0, (0, code_1._)`${arr}.length`, (i) => {
            this.var(name, (0, code_1._)`${arr}[${i}]`);
            forBody(name);
          });
        }
        return this._for(new ForIter("of", varKind, name, iterable), () => forBody(name));
      }
      // `for-in` statement.
      // With option `ownProperties` replaced with a `for-of` loop for object keys
      forIn(nameOrPrefix, obj, forBody, varKind = this.opts.es5 ? scope_1.varKinds.var : scope_1.varKinds.const) {
        if (this.opts.ownProperties) {
          return this.forOf(nameOrPrefix, (0, code_1._)`Object.keys(${obj})`, forBody);
        }
        const name = this._scope.toName(nameOrPrefix);
        return this._for(new ForIter("in", varKind, name, obj), () => forBody(name));
      }
      // end `for` loop
      endFor() {
        return this._endBlockNode(For);
      }
      // `label` statement
      label(label) {
        return this._leafNode(new Label(label));
      }
      // `break` statement
      break(label) {
        return this._leafNode(new Break(label));
      }
      // `return` statement
      return(value) {
        const node = new Return();
        this._blockNode(node);
        this.code(value);
        if (node.nodes.length !== 1)
          throw new Error('CodeGen: "return" should have one node');
        return this._endBlockNode(Return);
      }
      // `try` statement
      try(tryBody, catchCode, finallyCode) {
        if (!catchCode && !finallyCode)
          throw new Error('CodeGen: "try" without "catch" and "finally"');
        const node = new Try();
        this._blockNode(node);
        this.code(tryBody);
        if (catchCode) {
          const error = this.name("e");
          this._currNode = node.catch = new Catch(error);
          catchCode(error);
        }
        if (finallyCode) {
          this._currNode = node.finally = new Finally();
          this.code(finallyCode);
        }
        return this._endBlockNode(Catch, Finally);
      }
      // `throw` statement
      throw(error) {
        return this._leafNode(new Throw(error));
      }
      // start self-balancing block
      block(body, nodeCount) {
        this._blockStarts.push(this._nodes.length);
        if (body)
          this.code(body).endBlock(nodeCount);
        return this;
      }
      // end the current self-balancing block
      endBlock(nodeCount) {
        const len = this._blockStarts.pop();
        if (len === void 0)
          throw new Error("CodeGen: not in self-balancing block");
        const toClose = this._nodes.length - len;
        if (toClose < 0 || nodeCount !== void 0 && toClose !== nodeCount) {
          throw new Error(`CodeGen: wrong number of nodes: ${toClose} vs ${nodeCount} expected`);
        }
        this._nodes.length = len;
        return this;
      }
      // `function` heading (or definition if funcBody is passed)
      func(name, args = code_1.nil, async, funcBody) {
        this._blockNode(new Func(name, args, async));
        if (funcBody)
          this.code(funcBody).endFunc();
        return this;
      }
      // end function definition
      endFunc() {
        return this._endBlockNode(Func);
      }
      optimize(n = 1) {
        while (n-- > 0) {
          this._root.optimizeNodes();
          this._root.optimizeNames(this._root.names, this._constants);
        }
      }
      _leafNode(node) {
        this._currNode.nodes.push(node);
        return this;
      }
      _blockNode(node) {
        this._currNode.nodes.push(node);
        this._nodes.push(node);
      }
      _endBlockNode(N1, N2) {
        const n = this._currNode;
        if (n instanceof N1 || N2 && n instanceof N2) {
          this._nodes.pop();
          return this;
        }
        throw new Error(`CodeGen: not in block "${N2 ? `${N1.kind}/${N2.kind}` : N1.kind}"`);
      }
      _elseNode(node) {
        const n = this._currNode;
        if (!(n instanceof If)) {
          throw new Error('CodeGen: "else" without "if"');
        }
        this._currNode = n.else = node;
        return this;
      }
      get _root() {
        return this._nodes[0];
      }
      get _currNode() {
        const ns = this._nodes;
        return ns[ns.length - 1];
      }
      set _currNode(node) {
        const ns = this._nodes;
        ns[ns.length - 1] = node;
      }
    };
    exports.CodeGen = CodeGen;
    function addNames(names, from) {
      for (const n in from)
        names[n] = (names[n] || 0) + (from[n] || 0);
      return names;
    }
    function addExprNames(names, from) {
      return from instanceof code_1._CodeOrName ? addNames(names, from.names) : names;
    }
    function optimizeExpr(expr, names, constants) {
      if (expr instanceof code_1.Name)
        return replaceName(expr);
      if (!canOptimize(expr))
        return expr;
      return new code_1._Code(expr._items.reduce((items, c) => {
        if (c instanceof code_1.Name)
          c = replaceName(c);
        if (c instanceof code_1._Code)
          items.push(...c._items);
        else
          items.push(c);
        return items;
      }, []));
      function replaceName(n) {
        const c = constants[n.str];
        if (c === void 0 || names[n.str] !== 1)
          return n;
        delete names[n.str];
        return c;
      }
      function canOptimize(e) {
        return e instanceof code_1._Code && e._items.some((c) => c instanceof code_1.Name && names[c.str] === 1 && constants[c.str] !== void 0);
      }
    }
    function subtractNames(names, from) {
      for (const n in from)
        names[n] = (names[n] || 0) - (from[n] || 0);
    }
    function not(x) {
      return typeof x == "boolean" || typeof x == "number" || x === null ? !x : (0, code_1._)`!${par(x)}`;
    }
    exports.not = not;
    var andCode = mappend(exports.operators.AND);
    function and(...args) {
      return args.reduce(andCode);
    }
    exports.and = and;
    var orCode = mappend(exports.operators.OR);
    function or(...args) {
      return args.reduce(orCode);
    }
    exports.or = or;
    function mappend(op) {
      return (x, y) => x === code_1.nil ? y : y === code_1.nil ? x : (0, code_1._)`${par(x)} ${op} ${par(y)}`;
    }
    function par(x) {
      return x instanceof code_1.Name ? x : (0, code_1._)`(${x})`;
    }
  }
});

// node_modules/ajv/dist/compile/util.js
var require_util = __commonJS({
  "node_modules/ajv/dist/compile/util.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.checkStrictMode = exports.getErrorPath = exports.Type = exports.useFunc = exports.setEvaluated = exports.evaluatedPropsToName = exports.mergeEvaluated = exports.eachItem = exports.unescapeJsonPointer = exports.escapeJsonPointer = exports.escapeFragment = exports.unescapeFragment = exports.schemaRefOrVal = exports.schemaHasRulesButRef = exports.schemaHasRules = exports.checkUnknownRules = exports.alwaysValidSchema = exports.toHash = void 0;
    var codegen_1 = require_codegen();
    var code_1 = require_code();
    function toHash(arr) {
      const hash = {};
      for (const item of arr)
        hash[item] = true;
      return hash;
    }
    exports.toHash = toHash;
    function alwaysValidSchema(it, schema) {
      if (typeof schema == "boolean")
        return schema;
      if (Object.keys(schema).length === 0)
        return true;
      checkUnknownRules(it, schema);
      return !schemaHasRules(schema, it.self.RULES.all);
    }
    exports.alwaysValidSchema = alwaysValidSchema;
    function checkUnknownRules(it, schema = it.schema) {
      const { opts, self } = it;
      if (!opts.strictSchema)
        return;
      if (typeof schema === "boolean")
        return;
      const rules = self.RULES.keywords;
      for (const key in schema) {
        if (!rules[key])
          checkStrictMode(it, `unknown keyword: "${key}"`);
      }
    }
    exports.checkUnknownRules = checkUnknownRules;
    function schemaHasRules(schema, rules) {
      if (typeof schema == "boolean")
        return !schema;
      for (const key in schema)
        if (rules[key])
          return true;
      return false;
    }
    exports.schemaHasRules = schemaHasRules;
    function schemaHasRulesButRef(schema, RULES2) {
      if (typeof schema == "boolean")
        return !schema;
      for (const key in schema)
        if (key !== "$ref" && RULES2.all[key])
          return true;
      return false;
    }
    exports.schemaHasRulesButRef = schemaHasRulesButRef;
    function schemaRefOrVal({ topSchemaRef, schemaPath }, schema, keyword, $data) {
      if (!$data) {
        if (typeof schema == "number" || typeof schema == "boolean")
          return schema;
        if (typeof schema == "string")
          return (0, codegen_1._)`${schema}`;
      }
      return (0, codegen_1._)`${topSchemaRef}${schemaPath}${(0, codegen_1.getProperty)(keyword)}`;
    }
    exports.schemaRefOrVal = schemaRefOrVal;
    function unescapeFragment(str) {
      return unescapeJsonPointer(decodeURIComponent(str));
    }
    exports.unescapeFragment = unescapeFragment;
    function escapeFragment(str) {
      return encodeURIComponent(escapeJsonPointer(str));
    }
    exports.escapeFragment = escapeFragment;
    function escapeJsonPointer(str) {
      if (typeof str == "number")
        return `${str}`;
      return str.replace(/~/g, "~0").replace(/\//g, "~1");
    }
    exports.escapeJsonPointer = escapeJsonPointer;
    function unescapeJsonPointer(str) {
      return str.replace(/~1/g, "/").replace(/~0/g, "~");
    }
    exports.unescapeJsonPointer = unescapeJsonPointer;
    function eachItem(xs, f) {
      if (Array.isArray(xs)) {
        for (const x of xs)
          f(x);
      } else {
        f(xs);
      }
    }
    exports.eachItem = eachItem;
    function makeMergeEvaluated({ mergeNames, mergeToName, mergeValues: mergeValues2, resultToName }) {
      return (gen, from, to, toName) => {
        const res = to === void 0 ? from : to instanceof codegen_1.Name ? (from instanceof codegen_1.Name ? mergeNames(gen, from, to) : mergeToName(gen, from, to), to) : from instanceof codegen_1.Name ? (mergeToName(gen, to, from), from) : mergeValues2(from, to);
        return toName === codegen_1.Name && !(res instanceof codegen_1.Name) ? resultToName(gen, res) : res;
      };
    }
    exports.mergeEvaluated = {
      props: makeMergeEvaluated({
        mergeNames: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true && ${from} !== undefined`, () => {
          gen.if((0, codegen_1._)`${from} === true`, () => gen.assign(to, true), () => gen.assign(to, (0, codegen_1._)`${to} || {}`).code((0, codegen_1._)`Object.assign(${to}, ${from})`));
        }),
        mergeToName: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true`, () => {
          if (from === true) {
            gen.assign(to, true);
          } else {
            gen.assign(to, (0, codegen_1._)`${to} || {}`);
            setEvaluated(gen, to, from);
          }
        }),
        mergeValues: (from, to) => from === true ? true : { ...from, ...to },
        resultToName: evaluatedPropsToName
      }),
      items: makeMergeEvaluated({
        mergeNames: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true && ${from} !== undefined`, () => gen.assign(to, (0, codegen_1._)`${from} === true ? true : ${to} > ${from} ? ${to} : ${from}`)),
        mergeToName: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true`, () => gen.assign(to, from === true ? true : (0, codegen_1._)`${to} > ${from} ? ${to} : ${from}`)),
        mergeValues: (from, to) => from === true ? true : Math.max(from, to),
        resultToName: (gen, items) => gen.var("items", items)
      })
    };
    function evaluatedPropsToName(gen, ps) {
      if (ps === true)
        return gen.var("props", true);
      const props = gen.var("props", (0, codegen_1._)`{}`);
      if (ps !== void 0)
        setEvaluated(gen, props, ps);
      return props;
    }
    exports.evaluatedPropsToName = evaluatedPropsToName;
    function setEvaluated(gen, props, ps) {
      Object.keys(ps).forEach((p) => gen.assign((0, codegen_1._)`${props}${(0, codegen_1.getProperty)(p)}`, true));
    }
    exports.setEvaluated = setEvaluated;
    var snippets = {};
    function useFunc(gen, f) {
      return gen.scopeValue("func", {
        ref: f,
        code: snippets[f.code] || (snippets[f.code] = new code_1._Code(f.code))
      });
    }
    exports.useFunc = useFunc;
    var Type;
    (function(Type2) {
      Type2[Type2["Num"] = 0] = "Num";
      Type2[Type2["Str"] = 1] = "Str";
    })(Type || (exports.Type = Type = {}));
    function getErrorPath(dataProp, dataPropType, jsPropertySyntax) {
      if (dataProp instanceof codegen_1.Name) {
        const isNumber = dataPropType === Type.Num;
        return jsPropertySyntax ? isNumber ? (0, codegen_1._)`"[" + ${dataProp} + "]"` : (0, codegen_1._)`"['" + ${dataProp} + "']"` : isNumber ? (0, codegen_1._)`"/" + ${dataProp}` : (0, codegen_1._)`"/" + ${dataProp}.replace(/~/g, "~0").replace(/\\//g, "~1")`;
      }
      return jsPropertySyntax ? (0, codegen_1.getProperty)(dataProp).toString() : "/" + escapeJsonPointer(dataProp);
    }
    exports.getErrorPath = getErrorPath;
    function checkStrictMode(it, msg, mode = it.opts.strictSchema) {
      if (!mode)
        return;
      msg = `strict mode: ${msg}`;
      if (mode === true)
        throw new Error(msg);
      it.self.logger.warn(msg);
    }
    exports.checkStrictMode = checkStrictMode;
  }
});

// node_modules/ajv/dist/compile/names.js
var require_names = __commonJS({
  "node_modules/ajv/dist/compile/names.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var names = {
      // validation function arguments
      data: new codegen_1.Name("data"),
      // data passed to validation function
      // args passed from referencing schema
      valCxt: new codegen_1.Name("valCxt"),
      // validation/data context - should not be used directly, it is destructured to the names below
      instancePath: new codegen_1.Name("instancePath"),
      parentData: new codegen_1.Name("parentData"),
      parentDataProperty: new codegen_1.Name("parentDataProperty"),
      rootData: new codegen_1.Name("rootData"),
      // root data - same as the data passed to the first/top validation function
      dynamicAnchors: new codegen_1.Name("dynamicAnchors"),
      // used to support recursiveRef and dynamicRef
      // function scoped variables
      vErrors: new codegen_1.Name("vErrors"),
      // null or array of validation errors
      errors: new codegen_1.Name("errors"),
      // counter of validation errors
      this: new codegen_1.Name("this"),
      // "globals"
      self: new codegen_1.Name("self"),
      scope: new codegen_1.Name("scope"),
      // JTD serialize/parse name for JSON string and position
      json: new codegen_1.Name("json"),
      jsonPos: new codegen_1.Name("jsonPos"),
      jsonLen: new codegen_1.Name("jsonLen"),
      jsonPart: new codegen_1.Name("jsonPart")
    };
    exports.default = names;
  }
});

// node_modules/ajv/dist/compile/errors.js
var require_errors = __commonJS({
  "node_modules/ajv/dist/compile/errors.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.extendErrors = exports.resetErrorsCount = exports.reportExtraError = exports.reportError = exports.keyword$DataError = exports.keywordError = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var names_1 = require_names();
    exports.keywordError = {
      message: ({ keyword }) => (0, codegen_1.str)`must pass "${keyword}" keyword validation`
    };
    exports.keyword$DataError = {
      message: ({ keyword, schemaType }) => schemaType ? (0, codegen_1.str)`"${keyword}" keyword must be ${schemaType} ($data)` : (0, codegen_1.str)`"${keyword}" keyword is invalid ($data)`
    };
    function reportError(cxt, error = exports.keywordError, errorPaths, overrideAllErrors) {
      const { it } = cxt;
      const { gen, compositeRule, allErrors } = it;
      const errObj = errorObjectCode(cxt, error, errorPaths);
      if (overrideAllErrors !== null && overrideAllErrors !== void 0 ? overrideAllErrors : compositeRule || allErrors) {
        addError(gen, errObj);
      } else {
        returnErrors(it, (0, codegen_1._)`[${errObj}]`);
      }
    }
    exports.reportError = reportError;
    function reportExtraError(cxt, error = exports.keywordError, errorPaths) {
      const { it } = cxt;
      const { gen, compositeRule, allErrors } = it;
      const errObj = errorObjectCode(cxt, error, errorPaths);
      addError(gen, errObj);
      if (!(compositeRule || allErrors)) {
        returnErrors(it, names_1.default.vErrors);
      }
    }
    exports.reportExtraError = reportExtraError;
    function resetErrorsCount(gen, errsCount) {
      gen.assign(names_1.default.errors, errsCount);
      gen.if((0, codegen_1._)`${names_1.default.vErrors} !== null`, () => gen.if(errsCount, () => gen.assign((0, codegen_1._)`${names_1.default.vErrors}.length`, errsCount), () => gen.assign(names_1.default.vErrors, null)));
    }
    exports.resetErrorsCount = resetErrorsCount;
    function extendErrors({ gen, keyword, schemaValue, data, errsCount, it }) {
      if (errsCount === void 0)
        throw new Error("ajv implementation error");
      const err = gen.name("err");
      gen.forRange("i", errsCount, names_1.default.errors, (i) => {
        gen.const(err, (0, codegen_1._)`${names_1.default.vErrors}[${i}]`);
        gen.if((0, codegen_1._)`${err}.instancePath === undefined`, () => gen.assign((0, codegen_1._)`${err}.instancePath`, (0, codegen_1.strConcat)(names_1.default.instancePath, it.errorPath)));
        gen.assign((0, codegen_1._)`${err}.schemaPath`, (0, codegen_1.str)`${it.errSchemaPath}/${keyword}`);
        if (it.opts.verbose) {
          gen.assign((0, codegen_1._)`${err}.schema`, schemaValue);
          gen.assign((0, codegen_1._)`${err}.data`, data);
        }
      });
    }
    exports.extendErrors = extendErrors;
    function addError(gen, errObj) {
      const err = gen.const("err", errObj);
      gen.if((0, codegen_1._)`${names_1.default.vErrors} === null`, () => gen.assign(names_1.default.vErrors, (0, codegen_1._)`[${err}]`), (0, codegen_1._)`${names_1.default.vErrors}.push(${err})`);
      gen.code((0, codegen_1._)`${names_1.default.errors}++`);
    }
    function returnErrors(it, errs) {
      const { gen, validateName, schemaEnv } = it;
      if (schemaEnv.$async) {
        gen.throw((0, codegen_1._)`new ${it.ValidationError}(${errs})`);
      } else {
        gen.assign((0, codegen_1._)`${validateName}.errors`, errs);
        gen.return(false);
      }
    }
    var E = {
      keyword: new codegen_1.Name("keyword"),
      schemaPath: new codegen_1.Name("schemaPath"),
      // also used in JTD errors
      params: new codegen_1.Name("params"),
      propertyName: new codegen_1.Name("propertyName"),
      message: new codegen_1.Name("message"),
      schema: new codegen_1.Name("schema"),
      parentSchema: new codegen_1.Name("parentSchema")
    };
    function errorObjectCode(cxt, error, errorPaths) {
      const { createErrors } = cxt.it;
      if (createErrors === false)
        return (0, codegen_1._)`{}`;
      return errorObject(cxt, error, errorPaths);
    }
    function errorObject(cxt, error, errorPaths = {}) {
      const { gen, it } = cxt;
      const keyValues = [
        errorInstancePath(it, errorPaths),
        errorSchemaPath(cxt, errorPaths)
      ];
      extraErrorProps(cxt, error, keyValues);
      return gen.object(...keyValues);
    }
    function errorInstancePath({ errorPath }, { instancePath }) {
      const instPath = instancePath ? (0, codegen_1.str)`${errorPath}${(0, util_1.getErrorPath)(instancePath, util_1.Type.Str)}` : errorPath;
      return [names_1.default.instancePath, (0, codegen_1.strConcat)(names_1.default.instancePath, instPath)];
    }
    function errorSchemaPath({ keyword, it: { errSchemaPath } }, { schemaPath, parentSchema }) {
      let schPath = parentSchema ? errSchemaPath : (0, codegen_1.str)`${errSchemaPath}/${keyword}`;
      if (schemaPath) {
        schPath = (0, codegen_1.str)`${schPath}${(0, util_1.getErrorPath)(schemaPath, util_1.Type.Str)}`;
      }
      return [E.schemaPath, schPath];
    }
    function extraErrorProps(cxt, { params, message }, keyValues) {
      const { keyword, data, schemaValue, it } = cxt;
      const { opts, propertyName, topSchemaRef, schemaPath } = it;
      keyValues.push([E.keyword, keyword], [E.params, typeof params == "function" ? params(cxt) : params || (0, codegen_1._)`{}`]);
      if (opts.messages) {
        keyValues.push([E.message, typeof message == "function" ? message(cxt) : message]);
      }
      if (opts.verbose) {
        keyValues.push([E.schema, schemaValue], [E.parentSchema, (0, codegen_1._)`${topSchemaRef}${schemaPath}`], [names_1.default.data, data]);
      }
      if (propertyName)
        keyValues.push([E.propertyName, propertyName]);
    }
  }
});

// node_modules/ajv/dist/compile/validate/boolSchema.js
var require_boolSchema = __commonJS({
  "node_modules/ajv/dist/compile/validate/boolSchema.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.boolOrEmptySchema = exports.topBoolOrEmptySchema = void 0;
    var errors_1 = require_errors();
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var boolError = {
      message: "boolean schema is false"
    };
    function topBoolOrEmptySchema(it) {
      const { gen, schema, validateName } = it;
      if (schema === false) {
        falseSchemaError(it, false);
      } else if (typeof schema == "object" && schema.$async === true) {
        gen.return(names_1.default.data);
      } else {
        gen.assign((0, codegen_1._)`${validateName}.errors`, null);
        gen.return(true);
      }
    }
    exports.topBoolOrEmptySchema = topBoolOrEmptySchema;
    function boolOrEmptySchema(it, valid) {
      const { gen, schema } = it;
      if (schema === false) {
        gen.var(valid, false);
        falseSchemaError(it);
      } else {
        gen.var(valid, true);
      }
    }
    exports.boolOrEmptySchema = boolOrEmptySchema;
    function falseSchemaError(it, overrideAllErrors) {
      const { gen, data } = it;
      const cxt = {
        gen,
        keyword: "false schema",
        data,
        schema: false,
        schemaCode: false,
        schemaValue: false,
        params: {},
        it
      };
      (0, errors_1.reportError)(cxt, boolError, void 0, overrideAllErrors);
    }
  }
});

// node_modules/ajv/dist/compile/rules.js
var require_rules = __commonJS({
  "node_modules/ajv/dist/compile/rules.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.getRules = exports.isJSONType = void 0;
    var _jsonTypes = ["string", "number", "integer", "boolean", "null", "object", "array"];
    var jsonTypes = new Set(_jsonTypes);
    function isJSONType(x) {
      return typeof x == "string" && jsonTypes.has(x);
    }
    exports.isJSONType = isJSONType;
    function getRules() {
      const groups = {
        number: { type: "number", rules: [] },
        string: { type: "string", rules: [] },
        array: { type: "array", rules: [] },
        object: { type: "object", rules: [] }
      };
      return {
        types: { ...groups, integer: true, boolean: true, null: true },
        rules: [{ rules: [] }, groups.number, groups.string, groups.array, groups.object],
        post: { rules: [] },
        all: {},
        keywords: {}
      };
    }
    exports.getRules = getRules;
  }
});

// node_modules/ajv/dist/compile/validate/applicability.js
var require_applicability = __commonJS({
  "node_modules/ajv/dist/compile/validate/applicability.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.shouldUseRule = exports.shouldUseGroup = exports.schemaHasRulesForType = void 0;
    function schemaHasRulesForType({ schema, self }, type) {
      const group = self.RULES.types[type];
      return group && group !== true && shouldUseGroup(schema, group);
    }
    exports.schemaHasRulesForType = schemaHasRulesForType;
    function shouldUseGroup(schema, group) {
      return group.rules.some((rule) => shouldUseRule(schema, rule));
    }
    exports.shouldUseGroup = shouldUseGroup;
    function shouldUseRule(schema, rule) {
      var _a;
      return schema[rule.keyword] !== void 0 || ((_a = rule.definition.implements) === null || _a === void 0 ? void 0 : _a.some((kwd) => schema[kwd] !== void 0));
    }
    exports.shouldUseRule = shouldUseRule;
  }
});

// node_modules/ajv/dist/compile/validate/dataType.js
var require_dataType = __commonJS({
  "node_modules/ajv/dist/compile/validate/dataType.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.reportTypeError = exports.checkDataTypes = exports.checkDataType = exports.coerceAndCheckDataType = exports.getJSONTypes = exports.getSchemaTypes = exports.DataType = void 0;
    var rules_1 = require_rules();
    var applicability_1 = require_applicability();
    var errors_1 = require_errors();
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var DataType;
    (function(DataType2) {
      DataType2[DataType2["Correct"] = 0] = "Correct";
      DataType2[DataType2["Wrong"] = 1] = "Wrong";
    })(DataType || (exports.DataType = DataType = {}));
    function getSchemaTypes(schema) {
      const types = getJSONTypes(schema.type);
      const hasNull = types.includes("null");
      if (hasNull) {
        if (schema.nullable === false)
          throw new Error("type: null contradicts nullable: false");
      } else {
        if (!types.length && schema.nullable !== void 0) {
          throw new Error('"nullable" cannot be used without "type"');
        }
        if (schema.nullable === true)
          types.push("null");
      }
      return types;
    }
    exports.getSchemaTypes = getSchemaTypes;
    function getJSONTypes(ts) {
      const types = Array.isArray(ts) ? ts : ts ? [ts] : [];
      if (types.every(rules_1.isJSONType))
        return types;
      throw new Error("type must be JSONType or JSONType[]: " + types.join(","));
    }
    exports.getJSONTypes = getJSONTypes;
    function coerceAndCheckDataType(it, types) {
      const { gen, data, opts } = it;
      const coerceTo = coerceToTypes(types, opts.coerceTypes);
      const checkTypes = types.length > 0 && !(coerceTo.length === 0 && types.length === 1 && (0, applicability_1.schemaHasRulesForType)(it, types[0]));
      if (checkTypes) {
        const wrongType = checkDataTypes(types, data, opts.strictNumbers, DataType.Wrong);
        gen.if(wrongType, () => {
          if (coerceTo.length)
            coerceData(it, types, coerceTo);
          else
            reportTypeError(it);
        });
      }
      return checkTypes;
    }
    exports.coerceAndCheckDataType = coerceAndCheckDataType;
    var COERCIBLE = /* @__PURE__ */ new Set(["string", "number", "integer", "boolean", "null"]);
    function coerceToTypes(types, coerceTypes) {
      return coerceTypes ? types.filter((t) => COERCIBLE.has(t) || coerceTypes === "array" && t === "array") : [];
    }
    function coerceData(it, types, coerceTo) {
      const { gen, data, opts } = it;
      const dataType = gen.let("dataType", (0, codegen_1._)`typeof ${data}`);
      const coerced = gen.let("coerced", (0, codegen_1._)`undefined`);
      if (opts.coerceTypes === "array") {
        gen.if((0, codegen_1._)`${dataType} == 'object' && Array.isArray(${data}) && ${data}.length == 1`, () => gen.assign(data, (0, codegen_1._)`${data}[0]`).assign(dataType, (0, codegen_1._)`typeof ${data}`).if(checkDataTypes(types, data, opts.strictNumbers), () => gen.assign(coerced, data)));
      }
      gen.if((0, codegen_1._)`${coerced} !== undefined`);
      for (const t of coerceTo) {
        if (COERCIBLE.has(t) || t === "array" && opts.coerceTypes === "array") {
          coerceSpecificType(t);
        }
      }
      gen.else();
      reportTypeError(it);
      gen.endIf();
      gen.if((0, codegen_1._)`${coerced} !== undefined`, () => {
        gen.assign(data, coerced);
        assignParentData(it, coerced);
      });
      function coerceSpecificType(t) {
        switch (t) {
          case "string":
            gen.elseIf((0, codegen_1._)`${dataType} == "number" || ${dataType} == "boolean"`).assign(coerced, (0, codegen_1._)`"" + ${data}`).elseIf((0, codegen_1._)`${data} === null`).assign(coerced, (0, codegen_1._)`""`);
            return;
          case "number":
            gen.elseIf((0, codegen_1._)`${dataType} == "boolean" || ${data} === null
              || (${dataType} == "string" && ${data} && ${data} == +${data})`).assign(coerced, (0, codegen_1._)`+${data}`);
            return;
          case "integer":
            gen.elseIf((0, codegen_1._)`${dataType} === "boolean" || ${data} === null
              || (${dataType} === "string" && ${data} && ${data} == +${data} && !(${data} % 1))`).assign(coerced, (0, codegen_1._)`+${data}`);
            return;
          case "boolean":
            gen.elseIf((0, codegen_1._)`${data} === "false" || ${data} === 0 || ${data} === null`).assign(coerced, false).elseIf((0, codegen_1._)`${data} === "true" || ${data} === 1`).assign(coerced, true);
            return;
          case "null":
            gen.elseIf((0, codegen_1._)`${data} === "" || ${data} === 0 || ${data} === false`);
            gen.assign(coerced, null);
            return;
          case "array":
            gen.elseIf((0, codegen_1._)`${dataType} === "string" || ${dataType} === "number"
              || ${dataType} === "boolean" || ${data} === null`).assign(coerced, (0, codegen_1._)`[${data}]`);
        }
      }
    }
    function assignParentData({ gen, parentData, parentDataProperty }, expr) {
      gen.if((0, codegen_1._)`${parentData} !== undefined`, () => gen.assign((0, codegen_1._)`${parentData}[${parentDataProperty}]`, expr));
    }
    function checkDataType(dataType, data, strictNums, correct = DataType.Correct) {
      const EQ = correct === DataType.Correct ? codegen_1.operators.EQ : codegen_1.operators.NEQ;
      let cond;
      switch (dataType) {
        case "null":
          return (0, codegen_1._)`${data} ${EQ} null`;
        case "array":
          cond = (0, codegen_1._)`Array.isArray(${data})`;
          break;
        case "object":
          cond = (0, codegen_1._)`${data} && typeof ${data} == "object" && !Array.isArray(${data})`;
          break;
        case "integer":
          cond = numCond((0, codegen_1._)`!(${data} % 1) && !isNaN(${data})`);
          break;
        case "number":
          cond = numCond();
          break;
        default:
          return (0, codegen_1._)`typeof ${data} ${EQ} ${dataType}`;
      }
      return correct === DataType.Correct ? cond : (0, codegen_1.not)(cond);
      function numCond(_cond = codegen_1.nil) {
        return (0, codegen_1.and)((0, codegen_1._)`typeof ${data} == "number"`, _cond, strictNums ? (0, codegen_1._)`isFinite(${data})` : codegen_1.nil);
      }
    }
    exports.checkDataType = checkDataType;
    function checkDataTypes(dataTypes, data, strictNums, correct) {
      if (dataTypes.length === 1) {
        return checkDataType(dataTypes[0], data, strictNums, correct);
      }
      let cond;
      const types = (0, util_1.toHash)(dataTypes);
      if (types.array && types.object) {
        const notObj = (0, codegen_1._)`typeof ${data} != "object"`;
        cond = types.null ? notObj : (0, codegen_1._)`!${data} || ${notObj}`;
        delete types.null;
        delete types.array;
        delete types.object;
      } else {
        cond = codegen_1.nil;
      }
      if (types.number)
        delete types.integer;
      for (const t in types)
        cond = (0, codegen_1.and)(cond, checkDataType(t, data, strictNums, correct));
      return cond;
    }
    exports.checkDataTypes = checkDataTypes;
    var typeError = {
      message: ({ schema }) => `must be ${schema}`,
      params: ({ schema, schemaValue }) => typeof schema == "string" ? (0, codegen_1._)`{type: ${schema}}` : (0, codegen_1._)`{type: ${schemaValue}}`
    };
    function reportTypeError(it) {
      const cxt = getTypeErrorContext(it);
      (0, errors_1.reportError)(cxt, typeError);
    }
    exports.reportTypeError = reportTypeError;
    function getTypeErrorContext(it) {
      const { gen, data, schema } = it;
      const schemaCode = (0, util_1.schemaRefOrVal)(it, schema, "type");
      return {
        gen,
        keyword: "type",
        data,
        schema: schema.type,
        schemaCode,
        schemaValue: schemaCode,
        parentSchema: schema,
        params: {},
        it
      };
    }
  }
});

// node_modules/ajv/dist/compile/validate/defaults.js
var require_defaults = __commonJS({
  "node_modules/ajv/dist/compile/validate/defaults.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.assignDefaults = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    function assignDefaults(it, ty) {
      const { properties, items } = it.schema;
      if (ty === "object" && properties) {
        for (const key in properties) {
          assignDefault(it, key, properties[key].default);
        }
      } else if (ty === "array" && Array.isArray(items)) {
        items.forEach((sch, i) => assignDefault(it, i, sch.default));
      }
    }
    exports.assignDefaults = assignDefaults;
    function assignDefault(it, prop, defaultValue) {
      const { gen, compositeRule, data, opts } = it;
      if (defaultValue === void 0)
        return;
      const childData = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(prop)}`;
      if (compositeRule) {
        (0, util_1.checkStrictMode)(it, `default is ignored for: ${childData}`);
        return;
      }
      let condition = (0, codegen_1._)`${childData} === undefined`;
      if (opts.useDefaults === "empty") {
        condition = (0, codegen_1._)`${condition} || ${childData} === null || ${childData} === ""`;
      }
      gen.if(condition, (0, codegen_1._)`${childData} = ${(0, codegen_1.stringify)(defaultValue)}`);
    }
  }
});

// node_modules/ajv/dist/vocabularies/code.js
var require_code2 = __commonJS({
  "node_modules/ajv/dist/vocabularies/code.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.validateUnion = exports.validateArray = exports.usePattern = exports.callValidateCode = exports.schemaProperties = exports.allSchemaProperties = exports.noPropertyInData = exports.propertyInData = exports.isOwnProperty = exports.hasPropFunc = exports.reportMissingProp = exports.checkMissingProp = exports.checkReportMissingProp = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var names_1 = require_names();
    var util_2 = require_util();
    function checkReportMissingProp(cxt, prop) {
      const { gen, data, it } = cxt;
      gen.if(noPropertyInData(gen, data, prop, it.opts.ownProperties), () => {
        cxt.setParams({ missingProperty: (0, codegen_1._)`${prop}` }, true);
        cxt.error();
      });
    }
    exports.checkReportMissingProp = checkReportMissingProp;
    function checkMissingProp({ gen, data, it: { opts } }, properties, missing) {
      return (0, codegen_1.or)(...properties.map((prop) => (0, codegen_1.and)(noPropertyInData(gen, data, prop, opts.ownProperties), (0, codegen_1._)`${missing} = ${prop}`)));
    }
    exports.checkMissingProp = checkMissingProp;
    function reportMissingProp(cxt, missing) {
      cxt.setParams({ missingProperty: missing }, true);
      cxt.error();
    }
    exports.reportMissingProp = reportMissingProp;
    function hasPropFunc(gen) {
      return gen.scopeValue("func", {
        // eslint-disable-next-line @typescript-eslint/unbound-method
        ref: Object.prototype.hasOwnProperty,
        code: (0, codegen_1._)`Object.prototype.hasOwnProperty`
      });
    }
    exports.hasPropFunc = hasPropFunc;
    function isOwnProperty(gen, data, property) {
      return (0, codegen_1._)`${hasPropFunc(gen)}.call(${data}, ${property})`;
    }
    exports.isOwnProperty = isOwnProperty;
    function propertyInData(gen, data, property, ownProperties) {
      const cond = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(property)} !== undefined`;
      return ownProperties ? (0, codegen_1._)`${cond} && ${isOwnProperty(gen, data, property)}` : cond;
    }
    exports.propertyInData = propertyInData;
    function noPropertyInData(gen, data, property, ownProperties) {
      const cond = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(property)} === undefined`;
      return ownProperties ? (0, codegen_1.or)(cond, (0, codegen_1.not)(isOwnProperty(gen, data, property))) : cond;
    }
    exports.noPropertyInData = noPropertyInData;
    function allSchemaProperties(schemaMap) {
      return schemaMap ? Object.keys(schemaMap).filter((p) => p !== "__proto__") : [];
    }
    exports.allSchemaProperties = allSchemaProperties;
    function schemaProperties(it, schemaMap) {
      return allSchemaProperties(schemaMap).filter((p) => !(0, util_1.alwaysValidSchema)(it, schemaMap[p]));
    }
    exports.schemaProperties = schemaProperties;
    function callValidateCode({ schemaCode, data, it: { gen, topSchemaRef, schemaPath, errorPath }, it }, func, context, passSchema) {
      const dataAndSchema = passSchema ? (0, codegen_1._)`${schemaCode}, ${data}, ${topSchemaRef}${schemaPath}` : data;
      const valCxt = [
        [names_1.default.instancePath, (0, codegen_1.strConcat)(names_1.default.instancePath, errorPath)],
        [names_1.default.parentData, it.parentData],
        [names_1.default.parentDataProperty, it.parentDataProperty],
        [names_1.default.rootData, names_1.default.rootData]
      ];
      if (it.opts.dynamicRef)
        valCxt.push([names_1.default.dynamicAnchors, names_1.default.dynamicAnchors]);
      const args = (0, codegen_1._)`${dataAndSchema}, ${gen.object(...valCxt)}`;
      return context !== codegen_1.nil ? (0, codegen_1._)`${func}.call(${context}, ${args})` : (0, codegen_1._)`${func}(${args})`;
    }
    exports.callValidateCode = callValidateCode;
    var newRegExp = (0, codegen_1._)`new RegExp`;
    function usePattern({ gen, it: { opts } }, pattern) {
      const u = opts.unicodeRegExp ? "u" : "";
      const { regExp } = opts.code;
      const rx = regExp(pattern, u);
      return gen.scopeValue("pattern", {
        key: rx.toString(),
        ref: rx,
        code: (0, codegen_1._)`${regExp.code === "new RegExp" ? newRegExp : (0, util_2.useFunc)(gen, regExp)}(${pattern}, ${u})`
      });
    }
    exports.usePattern = usePattern;
    function validateArray(cxt) {
      const { gen, data, keyword, it } = cxt;
      const valid = gen.name("valid");
      if (it.allErrors) {
        const validArr = gen.let("valid", true);
        validateItems(() => gen.assign(validArr, false));
        return validArr;
      }
      gen.var(valid, true);
      validateItems(() => gen.break());
      return valid;
      function validateItems(notValid) {
        const len = gen.const("len", (0, codegen_1._)`${data}.length`);
        gen.forRange("i", 0, len, (i) => {
          cxt.subschema({
            keyword,
            dataProp: i,
            dataPropType: util_1.Type.Num
          }, valid);
          gen.if((0, codegen_1.not)(valid), notValid);
        });
      }
    }
    exports.validateArray = validateArray;
    function validateUnion(cxt) {
      const { gen, schema, keyword, it } = cxt;
      if (!Array.isArray(schema))
        throw new Error("ajv implementation error");
      const alwaysValid = schema.some((sch) => (0, util_1.alwaysValidSchema)(it, sch));
      if (alwaysValid && !it.opts.unevaluated)
        return;
      const valid = gen.let("valid", false);
      const schValid = gen.name("_valid");
      gen.block(() => schema.forEach((_sch, i) => {
        const schCxt = cxt.subschema({
          keyword,
          schemaProp: i,
          compositeRule: true
        }, schValid);
        gen.assign(valid, (0, codegen_1._)`${valid} || ${schValid}`);
        const merged = cxt.mergeValidEvaluated(schCxt, schValid);
        if (!merged)
          gen.if((0, codegen_1.not)(valid));
      }));
      cxt.result(valid, () => cxt.reset(), () => cxt.error(true));
    }
    exports.validateUnion = validateUnion;
  }
});

// node_modules/ajv/dist/compile/validate/keyword.js
var require_keyword = __commonJS({
  "node_modules/ajv/dist/compile/validate/keyword.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.validateKeywordUsage = exports.validSchemaType = exports.funcKeywordCode = exports.macroKeywordCode = void 0;
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var code_1 = require_code2();
    var errors_1 = require_errors();
    function macroKeywordCode(cxt, def) {
      const { gen, keyword, schema, parentSchema, it } = cxt;
      const macroSchema = def.macro.call(it.self, schema, parentSchema, it);
      const schemaRef = useKeyword(gen, keyword, macroSchema);
      if (it.opts.validateSchema !== false)
        it.self.validateSchema(macroSchema, true);
      const valid = gen.name("valid");
      cxt.subschema({
        schema: macroSchema,
        schemaPath: codegen_1.nil,
        errSchemaPath: `${it.errSchemaPath}/${keyword}`,
        topSchemaRef: schemaRef,
        compositeRule: true
      }, valid);
      cxt.pass(valid, () => cxt.error(true));
    }
    exports.macroKeywordCode = macroKeywordCode;
    function funcKeywordCode(cxt, def) {
      var _a;
      const { gen, keyword, schema, parentSchema, $data, it } = cxt;
      checkAsyncKeyword(it, def);
      const validate = !$data && def.compile ? def.compile.call(it.self, schema, parentSchema, it) : def.validate;
      const validateRef = useKeyword(gen, keyword, validate);
      const valid = gen.let("valid");
      cxt.block$data(valid, validateKeyword);
      cxt.ok((_a = def.valid) !== null && _a !== void 0 ? _a : valid);
      function validateKeyword() {
        if (def.errors === false) {
          assignValid();
          if (def.modifying)
            modifyData(cxt);
          reportErrs(() => cxt.error());
        } else {
          const ruleErrs = def.async ? validateAsync() : validateSync();
          if (def.modifying)
            modifyData(cxt);
          reportErrs(() => addErrs(cxt, ruleErrs));
        }
      }
      function validateAsync() {
        const ruleErrs = gen.let("ruleErrs", null);
        gen.try(() => assignValid((0, codegen_1._)`await `), (e) => gen.assign(valid, false).if((0, codegen_1._)`${e} instanceof ${it.ValidationError}`, () => gen.assign(ruleErrs, (0, codegen_1._)`${e}.errors`), () => gen.throw(e)));
        return ruleErrs;
      }
      function validateSync() {
        const validateErrs = (0, codegen_1._)`${validateRef}.errors`;
        gen.assign(validateErrs, null);
        assignValid(codegen_1.nil);
        return validateErrs;
      }
      function assignValid(_await = def.async ? (0, codegen_1._)`await ` : codegen_1.nil) {
        const passCxt = it.opts.passContext ? names_1.default.this : names_1.default.self;
        const passSchema = !("compile" in def && !$data || def.schema === false);
        gen.assign(valid, (0, codegen_1._)`${_await}${(0, code_1.callValidateCode)(cxt, validateRef, passCxt, passSchema)}`, def.modifying);
      }
      function reportErrs(errors) {
        var _a2;
        gen.if((0, codegen_1.not)((_a2 = def.valid) !== null && _a2 !== void 0 ? _a2 : valid), errors);
      }
    }
    exports.funcKeywordCode = funcKeywordCode;
    function modifyData(cxt) {
      const { gen, data, it } = cxt;
      gen.if(it.parentData, () => gen.assign(data, (0, codegen_1._)`${it.parentData}[${it.parentDataProperty}]`));
    }
    function addErrs(cxt, errs) {
      const { gen } = cxt;
      gen.if((0, codegen_1._)`Array.isArray(${errs})`, () => {
        gen.assign(names_1.default.vErrors, (0, codegen_1._)`${names_1.default.vErrors} === null ? ${errs} : ${names_1.default.vErrors}.concat(${errs})`).assign(names_1.default.errors, (0, codegen_1._)`${names_1.default.vErrors}.length`);
        (0, errors_1.extendErrors)(cxt);
      }, () => cxt.error());
    }
    function checkAsyncKeyword({ schemaEnv }, def) {
      if (def.async && !schemaEnv.$async)
        throw new Error("async keyword in sync schema");
    }
    function useKeyword(gen, keyword, result2) {
      if (result2 === void 0)
        throw new Error(`keyword "${keyword}" failed to compile`);
      return gen.scopeValue("keyword", typeof result2 == "function" ? { ref: result2 } : { ref: result2, code: (0, codegen_1.stringify)(result2) });
    }
    function validSchemaType(schema, schemaType, allowUndefined = false) {
      return !schemaType.length || schemaType.some((st) => st === "array" ? Array.isArray(schema) : st === "object" ? schema && typeof schema == "object" && !Array.isArray(schema) : typeof schema == st || allowUndefined && typeof schema == "undefined");
    }
    exports.validSchemaType = validSchemaType;
    function validateKeywordUsage({ schema, opts, self, errSchemaPath }, def, keyword) {
      if (Array.isArray(def.keyword) ? !def.keyword.includes(keyword) : def.keyword !== keyword) {
        throw new Error("ajv implementation error");
      }
      const deps = def.dependencies;
      if (deps === null || deps === void 0 ? void 0 : deps.some((kwd) => !Object.prototype.hasOwnProperty.call(schema, kwd))) {
        throw new Error(`parent schema must have dependencies of ${keyword}: ${deps.join(",")}`);
      }
      if (def.validateSchema) {
        const valid = def.validateSchema(schema[keyword]);
        if (!valid) {
          const msg = `keyword "${keyword}" value is invalid at path "${errSchemaPath}": ` + self.errorsText(def.validateSchema.errors);
          if (opts.validateSchema === "log")
            self.logger.error(msg);
          else
            throw new Error(msg);
        }
      }
    }
    exports.validateKeywordUsage = validateKeywordUsage;
  }
});

// node_modules/ajv/dist/compile/validate/subschema.js
var require_subschema = __commonJS({
  "node_modules/ajv/dist/compile/validate/subschema.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.extendSubschemaMode = exports.extendSubschemaData = exports.getSubschema = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    function getSubschema(it, { keyword, schemaProp, schema, schemaPath, errSchemaPath, topSchemaRef }) {
      if (keyword !== void 0 && schema !== void 0) {
        throw new Error('both "keyword" and "schema" passed, only one allowed');
      }
      if (keyword !== void 0) {
        const sch = it.schema[keyword];
        return schemaProp === void 0 ? {
          schema: sch,
          schemaPath: (0, codegen_1._)`${it.schemaPath}${(0, codegen_1.getProperty)(keyword)}`,
          errSchemaPath: `${it.errSchemaPath}/${keyword}`
        } : {
          schema: sch[schemaProp],
          schemaPath: (0, codegen_1._)`${it.schemaPath}${(0, codegen_1.getProperty)(keyword)}${(0, codegen_1.getProperty)(schemaProp)}`,
          errSchemaPath: `${it.errSchemaPath}/${keyword}/${(0, util_1.escapeFragment)(schemaProp)}`
        };
      }
      if (schema !== void 0) {
        if (schemaPath === void 0 || errSchemaPath === void 0 || topSchemaRef === void 0) {
          throw new Error('"schemaPath", "errSchemaPath" and "topSchemaRef" are required with "schema"');
        }
        return {
          schema,
          schemaPath,
          topSchemaRef,
          errSchemaPath
        };
      }
      throw new Error('either "keyword" or "schema" must be passed');
    }
    exports.getSubschema = getSubschema;
    function extendSubschemaData(subschema, it, { dataProp, dataPropType: dpType, data, dataTypes, propertyName }) {
      if (data !== void 0 && dataProp !== void 0) {
        throw new Error('both "data" and "dataProp" passed, only one allowed');
      }
      const { gen } = it;
      if (dataProp !== void 0) {
        const { errorPath, dataPathArr, opts } = it;
        const nextData = gen.let("data", (0, codegen_1._)`${it.data}${(0, codegen_1.getProperty)(dataProp)}`, true);
        dataContextProps(nextData);
        subschema.errorPath = (0, codegen_1.str)`${errorPath}${(0, util_1.getErrorPath)(dataProp, dpType, opts.jsPropertySyntax)}`;
        subschema.parentDataProperty = (0, codegen_1._)`${dataProp}`;
        subschema.dataPathArr = [...dataPathArr, subschema.parentDataProperty];
      }
      if (data !== void 0) {
        const nextData = data instanceof codegen_1.Name ? data : gen.let("data", data, true);
        dataContextProps(nextData);
        if (propertyName !== void 0)
          subschema.propertyName = propertyName;
      }
      if (dataTypes)
        subschema.dataTypes = dataTypes;
      function dataContextProps(_nextData) {
        subschema.data = _nextData;
        subschema.dataLevel = it.dataLevel + 1;
        subschema.dataTypes = [];
        it.definedProperties = /* @__PURE__ */ new Set();
        subschema.parentData = it.data;
        subschema.dataNames = [...it.dataNames, _nextData];
      }
    }
    exports.extendSubschemaData = extendSubschemaData;
    function extendSubschemaMode(subschema, { jtdDiscriminator, jtdMetadata, compositeRule, createErrors, allErrors }) {
      if (compositeRule !== void 0)
        subschema.compositeRule = compositeRule;
      if (createErrors !== void 0)
        subschema.createErrors = createErrors;
      if (allErrors !== void 0)
        subschema.allErrors = allErrors;
      subschema.jtdDiscriminator = jtdDiscriminator;
      subschema.jtdMetadata = jtdMetadata;
    }
    exports.extendSubschemaMode = extendSubschemaMode;
  }
});

// node_modules/fast-deep-equal/index.js
var require_fast_deep_equal = __commonJS({
  "node_modules/fast-deep-equal/index.js"(exports, module) {
    "use strict";
    module.exports = function equal(a, b) {
      if (a === b) return true;
      if (a && b && typeof a == "object" && typeof b == "object") {
        if (a.constructor !== b.constructor) return false;
        var length, i, keys;
        if (Array.isArray(a)) {
          length = a.length;
          if (length != b.length) return false;
          for (i = length; i-- !== 0; )
            if (!equal(a[i], b[i])) return false;
          return true;
        }
        if (a.constructor === RegExp) return a.source === b.source && a.flags === b.flags;
        if (a.valueOf !== Object.prototype.valueOf) return a.valueOf() === b.valueOf();
        if (a.toString !== Object.prototype.toString) return a.toString() === b.toString();
        keys = Object.keys(a);
        length = keys.length;
        if (length !== Object.keys(b).length) return false;
        for (i = length; i-- !== 0; )
          if (!Object.prototype.hasOwnProperty.call(b, keys[i])) return false;
        for (i = length; i-- !== 0; ) {
          var key = keys[i];
          if (!equal(a[key], b[key])) return false;
        }
        return true;
      }
      return a !== a && b !== b;
    };
  }
});

// node_modules/json-schema-traverse/index.js
var require_json_schema_traverse = __commonJS({
  "node_modules/json-schema-traverse/index.js"(exports, module) {
    "use strict";
    var traverse = module.exports = function(schema, opts, cb) {
      if (typeof opts == "function") {
        cb = opts;
        opts = {};
      }
      cb = opts.cb || cb;
      var pre = typeof cb == "function" ? cb : cb.pre || function() {
      };
      var post = cb.post || function() {
      };
      _traverse(opts, pre, post, schema, "", schema);
    };
    traverse.keywords = {
      additionalItems: true,
      items: true,
      contains: true,
      additionalProperties: true,
      propertyNames: true,
      not: true,
      if: true,
      then: true,
      else: true
    };
    traverse.arrayKeywords = {
      items: true,
      allOf: true,
      anyOf: true,
      oneOf: true
    };
    traverse.propsKeywords = {
      $defs: true,
      definitions: true,
      properties: true,
      patternProperties: true,
      dependencies: true
    };
    traverse.skipKeywords = {
      default: true,
      enum: true,
      const: true,
      required: true,
      maximum: true,
      minimum: true,
      exclusiveMaximum: true,
      exclusiveMinimum: true,
      multipleOf: true,
      maxLength: true,
      minLength: true,
      pattern: true,
      format: true,
      maxItems: true,
      minItems: true,
      uniqueItems: true,
      maxProperties: true,
      minProperties: true
    };
    function _traverse(opts, pre, post, schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex) {
      if (schema && typeof schema == "object" && !Array.isArray(schema)) {
        pre(schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex);
        for (var key in schema) {
          var sch = schema[key];
          if (Array.isArray(sch)) {
            if (key in traverse.arrayKeywords) {
              for (var i = 0; i < sch.length; i++)
                _traverse(opts, pre, post, sch[i], jsonPtr + "/" + key + "/" + i, rootSchema, jsonPtr, key, schema, i);
            }
          } else if (key in traverse.propsKeywords) {
            if (sch && typeof sch == "object") {
              for (var prop in sch)
                _traverse(opts, pre, post, sch[prop], jsonPtr + "/" + key + "/" + escapeJsonPtr(prop), rootSchema, jsonPtr, key, schema, prop);
            }
          } else if (key in traverse.keywords || opts.allKeys && !(key in traverse.skipKeywords)) {
            _traverse(opts, pre, post, sch, jsonPtr + "/" + key, rootSchema, jsonPtr, key, schema);
          }
        }
        post(schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex);
      }
    }
    function escapeJsonPtr(str) {
      return str.replace(/~/g, "~0").replace(/\//g, "~1");
    }
  }
});

// node_modules/ajv/dist/compile/resolve.js
var require_resolve = __commonJS({
  "node_modules/ajv/dist/compile/resolve.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.getSchemaRefs = exports.resolveUrl = exports.normalizeId = exports._getFullPath = exports.getFullPath = exports.inlineRef = void 0;
    var util_1 = require_util();
    var equal = require_fast_deep_equal();
    var traverse = require_json_schema_traverse();
    var SIMPLE_INLINED = /* @__PURE__ */ new Set([
      "type",
      "format",
      "pattern",
      "maxLength",
      "minLength",
      "maxProperties",
      "minProperties",
      "maxItems",
      "minItems",
      "maximum",
      "minimum",
      "uniqueItems",
      "multipleOf",
      "required",
      "enum",
      "const"
    ]);
    function inlineRef(schema, limit = true) {
      if (typeof schema == "boolean")
        return true;
      if (limit === true)
        return !hasRef(schema);
      if (!limit)
        return false;
      return countKeys(schema) <= limit;
    }
    exports.inlineRef = inlineRef;
    var REF_KEYWORDS = /* @__PURE__ */ new Set([
      "$ref",
      "$recursiveRef",
      "$recursiveAnchor",
      "$dynamicRef",
      "$dynamicAnchor"
    ]);
    function hasRef(schema) {
      for (const key in schema) {
        if (REF_KEYWORDS.has(key))
          return true;
        const sch = schema[key];
        if (Array.isArray(sch) && sch.some(hasRef))
          return true;
        if (typeof sch == "object" && hasRef(sch))
          return true;
      }
      return false;
    }
    function countKeys(schema) {
      let count = 0;
      for (const key in schema) {
        if (key === "$ref")
          return Infinity;
        count++;
        if (SIMPLE_INLINED.has(key))
          continue;
        if (typeof schema[key] == "object") {
          (0, util_1.eachItem)(schema[key], (sch) => count += countKeys(sch));
        }
        if (count === Infinity)
          return Infinity;
      }
      return count;
    }
    function getFullPath(resolver, id = "", normalize2) {
      if (normalize2 !== false)
        id = normalizeId(id);
      const p = resolver.parse(id);
      return _getFullPath(resolver, p);
    }
    exports.getFullPath = getFullPath;
    function _getFullPath(resolver, p) {
      const serialized = resolver.serialize(p);
      return serialized.split("#")[0] + "#";
    }
    exports._getFullPath = _getFullPath;
    var TRAILING_SLASH_HASH = /#\/?$/;
    function normalizeId(id) {
      return id ? id.replace(TRAILING_SLASH_HASH, "") : "";
    }
    exports.normalizeId = normalizeId;
    function resolveUrl(resolver, baseId, id) {
      id = normalizeId(id);
      return resolver.resolve(baseId, id);
    }
    exports.resolveUrl = resolveUrl;
    var ANCHOR = /^[a-z_][-a-z0-9._]*$/i;
    function getSchemaRefs(schema, baseId) {
      if (typeof schema == "boolean")
        return {};
      const { schemaId, uriResolver } = this.opts;
      const schId = normalizeId(schema[schemaId] || baseId);
      const baseIds = { "": schId };
      const pathPrefix = getFullPath(uriResolver, schId, false);
      const localRefs = {};
      const schemaRefs = /* @__PURE__ */ new Set();
      traverse(schema, { allKeys: true }, (sch, jsonPtr, _, parentJsonPtr) => {
        if (parentJsonPtr === void 0)
          return;
        const fullPath = pathPrefix + jsonPtr;
        let innerBaseId = baseIds[parentJsonPtr];
        if (typeof sch[schemaId] == "string")
          innerBaseId = addRef.call(this, sch[schemaId]);
        addAnchor.call(this, sch.$anchor);
        addAnchor.call(this, sch.$dynamicAnchor);
        baseIds[jsonPtr] = innerBaseId;
        function addRef(ref) {
          const _resolve = this.opts.uriResolver.resolve;
          ref = normalizeId(innerBaseId ? _resolve(innerBaseId, ref) : ref);
          if (schemaRefs.has(ref))
            throw ambiguos(ref);
          schemaRefs.add(ref);
          let schOrRef = this.refs[ref];
          if (typeof schOrRef == "string")
            schOrRef = this.refs[schOrRef];
          if (typeof schOrRef == "object") {
            checkAmbiguosRef(sch, schOrRef.schema, ref);
          } else if (ref !== normalizeId(fullPath)) {
            if (ref[0] === "#") {
              checkAmbiguosRef(sch, localRefs[ref], ref);
              localRefs[ref] = sch;
            } else {
              this.refs[ref] = fullPath;
            }
          }
          return ref;
        }
        function addAnchor(anchor) {
          if (typeof anchor == "string") {
            if (!ANCHOR.test(anchor))
              throw new Error(`invalid anchor "${anchor}"`);
            addRef.call(this, `#${anchor}`);
          }
        }
      });
      return localRefs;
      function checkAmbiguosRef(sch1, sch2, ref) {
        if (sch2 !== void 0 && !equal(sch1, sch2))
          throw ambiguos(ref);
      }
      function ambiguos(ref) {
        return new Error(`reference "${ref}" resolves to more than one schema`);
      }
    }
    exports.getSchemaRefs = getSchemaRefs;
  }
});

// node_modules/ajv/dist/compile/validate/index.js
var require_validate = __commonJS({
  "node_modules/ajv/dist/compile/validate/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.getData = exports.KeywordCxt = exports.validateFunctionCode = void 0;
    var boolSchema_1 = require_boolSchema();
    var dataType_1 = require_dataType();
    var applicability_1 = require_applicability();
    var dataType_2 = require_dataType();
    var defaults_1 = require_defaults();
    var keyword_1 = require_keyword();
    var subschema_1 = require_subschema();
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var resolve_1 = require_resolve();
    var util_1 = require_util();
    var errors_1 = require_errors();
    function validateFunctionCode(it) {
      if (isSchemaObj(it)) {
        checkKeywords(it);
        if (schemaCxtHasRules(it)) {
          topSchemaObjCode(it);
          return;
        }
      }
      validateFunction(it, () => (0, boolSchema_1.topBoolOrEmptySchema)(it));
    }
    exports.validateFunctionCode = validateFunctionCode;
    function validateFunction({ gen, validateName, schema, schemaEnv, opts }, body) {
      if (opts.code.es5) {
        gen.func(validateName, (0, codegen_1._)`${names_1.default.data}, ${names_1.default.valCxt}`, schemaEnv.$async, () => {
          gen.code((0, codegen_1._)`"use strict"; ${funcSourceUrl(schema, opts)}`);
          destructureValCxtES5(gen, opts);
          gen.code(body);
        });
      } else {
        gen.func(validateName, (0, codegen_1._)`${names_1.default.data}, ${destructureValCxt(opts)}`, schemaEnv.$async, () => gen.code(funcSourceUrl(schema, opts)).code(body));
      }
    }
    function destructureValCxt(opts) {
      return (0, codegen_1._)`{${names_1.default.instancePath}="", ${names_1.default.parentData}, ${names_1.default.parentDataProperty}, ${names_1.default.rootData}=${names_1.default.data}${opts.dynamicRef ? (0, codegen_1._)`, ${names_1.default.dynamicAnchors}={}` : codegen_1.nil}}={}`;
    }
    function destructureValCxtES5(gen, opts) {
      gen.if(names_1.default.valCxt, () => {
        gen.var(names_1.default.instancePath, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.instancePath}`);
        gen.var(names_1.default.parentData, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.parentData}`);
        gen.var(names_1.default.parentDataProperty, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.parentDataProperty}`);
        gen.var(names_1.default.rootData, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.rootData}`);
        if (opts.dynamicRef)
          gen.var(names_1.default.dynamicAnchors, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.dynamicAnchors}`);
      }, () => {
        gen.var(names_1.default.instancePath, (0, codegen_1._)`""`);
        gen.var(names_1.default.parentData, (0, codegen_1._)`undefined`);
        gen.var(names_1.default.parentDataProperty, (0, codegen_1._)`undefined`);
        gen.var(names_1.default.rootData, names_1.default.data);
        if (opts.dynamicRef)
          gen.var(names_1.default.dynamicAnchors, (0, codegen_1._)`{}`);
      });
    }
    function topSchemaObjCode(it) {
      const { schema, opts, gen } = it;
      validateFunction(it, () => {
        if (opts.$comment && schema.$comment)
          commentKeyword(it);
        checkNoDefault(it);
        gen.let(names_1.default.vErrors, null);
        gen.let(names_1.default.errors, 0);
        if (opts.unevaluated)
          resetEvaluated(it);
        typeAndKeywords(it);
        returnResults(it);
      });
      return;
    }
    function resetEvaluated(it) {
      const { gen, validateName } = it;
      it.evaluated = gen.const("evaluated", (0, codegen_1._)`${validateName}.evaluated`);
      gen.if((0, codegen_1._)`${it.evaluated}.dynamicProps`, () => gen.assign((0, codegen_1._)`${it.evaluated}.props`, (0, codegen_1._)`undefined`));
      gen.if((0, codegen_1._)`${it.evaluated}.dynamicItems`, () => gen.assign((0, codegen_1._)`${it.evaluated}.items`, (0, codegen_1._)`undefined`));
    }
    function funcSourceUrl(schema, opts) {
      const schId = typeof schema == "object" && schema[opts.schemaId];
      return schId && (opts.code.source || opts.code.process) ? (0, codegen_1._)`/*# sourceURL=${schId} */` : codegen_1.nil;
    }
    function subschemaCode(it, valid) {
      if (isSchemaObj(it)) {
        checkKeywords(it);
        if (schemaCxtHasRules(it)) {
          subSchemaObjCode(it, valid);
          return;
        }
      }
      (0, boolSchema_1.boolOrEmptySchema)(it, valid);
    }
    function schemaCxtHasRules({ schema, self }) {
      if (typeof schema == "boolean")
        return !schema;
      for (const key in schema)
        if (self.RULES.all[key])
          return true;
      return false;
    }
    function isSchemaObj(it) {
      return typeof it.schema != "boolean";
    }
    function subSchemaObjCode(it, valid) {
      const { schema, gen, opts } = it;
      if (opts.$comment && schema.$comment)
        commentKeyword(it);
      updateContext(it);
      checkAsyncSchema(it);
      const errsCount = gen.const("_errs", names_1.default.errors);
      typeAndKeywords(it, errsCount);
      gen.var(valid, (0, codegen_1._)`${errsCount} === ${names_1.default.errors}`);
    }
    function checkKeywords(it) {
      (0, util_1.checkUnknownRules)(it);
      checkRefsAndKeywords(it);
    }
    function typeAndKeywords(it, errsCount) {
      if (it.opts.jtd)
        return schemaKeywords(it, [], false, errsCount);
      const types = (0, dataType_1.getSchemaTypes)(it.schema);
      const checkedTypes = (0, dataType_1.coerceAndCheckDataType)(it, types);
      schemaKeywords(it, types, !checkedTypes, errsCount);
    }
    function checkRefsAndKeywords(it) {
      const { schema, errSchemaPath, opts, self } = it;
      if (schema.$ref && opts.ignoreKeywordsWithRef && (0, util_1.schemaHasRulesButRef)(schema, self.RULES)) {
        self.logger.warn(`$ref: keywords ignored in schema at path "${errSchemaPath}"`);
      }
    }
    function checkNoDefault(it) {
      const { schema, opts } = it;
      if (schema.default !== void 0 && opts.useDefaults && opts.strictSchema) {
        (0, util_1.checkStrictMode)(it, "default is ignored in the schema root");
      }
    }
    function updateContext(it) {
      const schId = it.schema[it.opts.schemaId];
      if (schId)
        it.baseId = (0, resolve_1.resolveUrl)(it.opts.uriResolver, it.baseId, schId);
    }
    function checkAsyncSchema(it) {
      if (it.schema.$async && !it.schemaEnv.$async)
        throw new Error("async schema in sync schema");
    }
    function commentKeyword({ gen, schemaEnv, schema, errSchemaPath, opts }) {
      const msg = schema.$comment;
      if (opts.$comment === true) {
        gen.code((0, codegen_1._)`${names_1.default.self}.logger.log(${msg})`);
      } else if (typeof opts.$comment == "function") {
        const schemaPath = (0, codegen_1.str)`${errSchemaPath}/$comment`;
        const rootName = gen.scopeValue("root", { ref: schemaEnv.root });
        gen.code((0, codegen_1._)`${names_1.default.self}.opts.$comment(${msg}, ${schemaPath}, ${rootName}.schema)`);
      }
    }
    function returnResults(it) {
      const { gen, schemaEnv, validateName, ValidationError, opts } = it;
      if (schemaEnv.$async) {
        gen.if((0, codegen_1._)`${names_1.default.errors} === 0`, () => gen.return(names_1.default.data), () => gen.throw((0, codegen_1._)`new ${ValidationError}(${names_1.default.vErrors})`));
      } else {
        gen.assign((0, codegen_1._)`${validateName}.errors`, names_1.default.vErrors);
        if (opts.unevaluated)
          assignEvaluated(it);
        gen.return((0, codegen_1._)`${names_1.default.errors} === 0`);
      }
    }
    function assignEvaluated({ gen, evaluated, props, items }) {
      if (props instanceof codegen_1.Name)
        gen.assign((0, codegen_1._)`${evaluated}.props`, props);
      if (items instanceof codegen_1.Name)
        gen.assign((0, codegen_1._)`${evaluated}.items`, items);
    }
    function schemaKeywords(it, types, typeErrors, errsCount) {
      const { gen, schema, data, allErrors, opts, self } = it;
      const { RULES: RULES2 } = self;
      if (schema.$ref && (opts.ignoreKeywordsWithRef || !(0, util_1.schemaHasRulesButRef)(schema, RULES2))) {
        gen.block(() => keywordCode(it, "$ref", RULES2.all.$ref.definition));
        return;
      }
      if (!opts.jtd)
        checkStrictTypes(it, types);
      gen.block(() => {
        for (const group of RULES2.rules)
          groupKeywords(group);
        groupKeywords(RULES2.post);
      });
      function groupKeywords(group) {
        if (!(0, applicability_1.shouldUseGroup)(schema, group))
          return;
        if (group.type) {
          gen.if((0, dataType_2.checkDataType)(group.type, data, opts.strictNumbers));
          iterateKeywords(it, group);
          if (types.length === 1 && types[0] === group.type && typeErrors) {
            gen.else();
            (0, dataType_2.reportTypeError)(it);
          }
          gen.endIf();
        } else {
          iterateKeywords(it, group);
        }
        if (!allErrors)
          gen.if((0, codegen_1._)`${names_1.default.errors} === ${errsCount || 0}`);
      }
    }
    function iterateKeywords(it, group) {
      const { gen, schema, opts: { useDefaults } } = it;
      if (useDefaults)
        (0, defaults_1.assignDefaults)(it, group.type);
      gen.block(() => {
        for (const rule of group.rules) {
          if ((0, applicability_1.shouldUseRule)(schema, rule)) {
            keywordCode(it, rule.keyword, rule.definition, group.type);
          }
        }
      });
    }
    function checkStrictTypes(it, types) {
      if (it.schemaEnv.meta || !it.opts.strictTypes)
        return;
      checkContextTypes(it, types);
      if (!it.opts.allowUnionTypes)
        checkMultipleTypes(it, types);
      checkKeywordTypes(it, it.dataTypes);
    }
    function checkContextTypes(it, types) {
      if (!types.length)
        return;
      if (!it.dataTypes.length) {
        it.dataTypes = types;
        return;
      }
      types.forEach((t) => {
        if (!includesType(it.dataTypes, t)) {
          strictTypesError(it, `type "${t}" not allowed by context "${it.dataTypes.join(",")}"`);
        }
      });
      narrowSchemaTypes(it, types);
    }
    function checkMultipleTypes(it, ts) {
      if (ts.length > 1 && !(ts.length === 2 && ts.includes("null"))) {
        strictTypesError(it, "use allowUnionTypes to allow union type keyword");
      }
    }
    function checkKeywordTypes(it, ts) {
      const rules = it.self.RULES.all;
      for (const keyword in rules) {
        const rule = rules[keyword];
        if (typeof rule == "object" && (0, applicability_1.shouldUseRule)(it.schema, rule)) {
          const { type } = rule.definition;
          if (type.length && !type.some((t) => hasApplicableType(ts, t))) {
            strictTypesError(it, `missing type "${type.join(",")}" for keyword "${keyword}"`);
          }
        }
      }
    }
    function hasApplicableType(schTs, kwdT) {
      return schTs.includes(kwdT) || kwdT === "number" && schTs.includes("integer");
    }
    function includesType(ts, t) {
      return ts.includes(t) || t === "integer" && ts.includes("number");
    }
    function narrowSchemaTypes(it, withTypes) {
      const ts = [];
      for (const t of it.dataTypes) {
        if (includesType(withTypes, t))
          ts.push(t);
        else if (withTypes.includes("integer") && t === "number")
          ts.push("integer");
      }
      it.dataTypes = ts;
    }
    function strictTypesError(it, msg) {
      const schemaPath = it.schemaEnv.baseId + it.errSchemaPath;
      msg += ` at "${schemaPath}" (strictTypes)`;
      (0, util_1.checkStrictMode)(it, msg, it.opts.strictTypes);
    }
    var KeywordCxt = class {
      constructor(it, def, keyword) {
        (0, keyword_1.validateKeywordUsage)(it, def, keyword);
        this.gen = it.gen;
        this.allErrors = it.allErrors;
        this.keyword = keyword;
        this.data = it.data;
        this.schema = it.schema[keyword];
        this.$data = def.$data && it.opts.$data && this.schema && this.schema.$data;
        this.schemaValue = (0, util_1.schemaRefOrVal)(it, this.schema, keyword, this.$data);
        this.schemaType = def.schemaType;
        this.parentSchema = it.schema;
        this.params = {};
        this.it = it;
        this.def = def;
        if (this.$data) {
          this.schemaCode = it.gen.const("vSchema", getData(this.$data, it));
        } else {
          this.schemaCode = this.schemaValue;
          if (!(0, keyword_1.validSchemaType)(this.schema, def.schemaType, def.allowUndefined)) {
            throw new Error(`${keyword} value must be ${JSON.stringify(def.schemaType)}`);
          }
        }
        if ("code" in def ? def.trackErrors : def.errors !== false) {
          this.errsCount = it.gen.const("_errs", names_1.default.errors);
        }
      }
      result(condition, successAction, failAction) {
        this.failResult((0, codegen_1.not)(condition), successAction, failAction);
      }
      failResult(condition, successAction, failAction) {
        this.gen.if(condition);
        if (failAction)
          failAction();
        else
          this.error();
        if (successAction) {
          this.gen.else();
          successAction();
          if (this.allErrors)
            this.gen.endIf();
        } else {
          if (this.allErrors)
            this.gen.endIf();
          else
            this.gen.else();
        }
      }
      pass(condition, failAction) {
        this.failResult((0, codegen_1.not)(condition), void 0, failAction);
      }
      fail(condition) {
        if (condition === void 0) {
          this.error();
          if (!this.allErrors)
            this.gen.if(false);
          return;
        }
        this.gen.if(condition);
        this.error();
        if (this.allErrors)
          this.gen.endIf();
        else
          this.gen.else();
      }
      fail$data(condition) {
        if (!this.$data)
          return this.fail(condition);
        const { schemaCode } = this;
        this.fail((0, codegen_1._)`${schemaCode} !== undefined && (${(0, codegen_1.or)(this.invalid$data(), condition)})`);
      }
      error(append, errorParams, errorPaths) {
        if (errorParams) {
          this.setParams(errorParams);
          this._error(append, errorPaths);
          this.setParams({});
          return;
        }
        this._error(append, errorPaths);
      }
      _error(append, errorPaths) {
        ;
        (append ? errors_1.reportExtraError : errors_1.reportError)(this, this.def.error, errorPaths);
      }
      $dataError() {
        (0, errors_1.reportError)(this, this.def.$dataError || errors_1.keyword$DataError);
      }
      reset() {
        if (this.errsCount === void 0)
          throw new Error('add "trackErrors" to keyword definition');
        (0, errors_1.resetErrorsCount)(this.gen, this.errsCount);
      }
      ok(cond) {
        if (!this.allErrors)
          this.gen.if(cond);
      }
      setParams(obj, assign) {
        if (assign)
          Object.assign(this.params, obj);
        else
          this.params = obj;
      }
      block$data(valid, codeBlock, $dataValid = codegen_1.nil) {
        this.gen.block(() => {
          this.check$data(valid, $dataValid);
          codeBlock();
        });
      }
      check$data(valid = codegen_1.nil, $dataValid = codegen_1.nil) {
        if (!this.$data)
          return;
        const { gen, schemaCode, schemaType, def } = this;
        gen.if((0, codegen_1.or)((0, codegen_1._)`${schemaCode} === undefined`, $dataValid));
        if (valid !== codegen_1.nil)
          gen.assign(valid, true);
        if (schemaType.length || def.validateSchema) {
          gen.elseIf(this.invalid$data());
          this.$dataError();
          if (valid !== codegen_1.nil)
            gen.assign(valid, false);
        }
        gen.else();
      }
      invalid$data() {
        const { gen, schemaCode, schemaType, def, it } = this;
        return (0, codegen_1.or)(wrong$DataType(), invalid$DataSchema());
        function wrong$DataType() {
          if (schemaType.length) {
            if (!(schemaCode instanceof codegen_1.Name))
              throw new Error("ajv implementation error");
            const st = Array.isArray(schemaType) ? schemaType : [schemaType];
            return (0, codegen_1._)`${(0, dataType_2.checkDataTypes)(st, schemaCode, it.opts.strictNumbers, dataType_2.DataType.Wrong)}`;
          }
          return codegen_1.nil;
        }
        function invalid$DataSchema() {
          if (def.validateSchema) {
            const validateSchemaRef = gen.scopeValue("validate$data", { ref: def.validateSchema });
            return (0, codegen_1._)`!${validateSchemaRef}(${schemaCode})`;
          }
          return codegen_1.nil;
        }
      }
      subschema(appl, valid) {
        const subschema = (0, subschema_1.getSubschema)(this.it, appl);
        (0, subschema_1.extendSubschemaData)(subschema, this.it, appl);
        (0, subschema_1.extendSubschemaMode)(subschema, appl);
        const nextContext = { ...this.it, ...subschema, items: void 0, props: void 0 };
        subschemaCode(nextContext, valid);
        return nextContext;
      }
      mergeEvaluated(schemaCxt, toName) {
        const { it, gen } = this;
        if (!it.opts.unevaluated)
          return;
        if (it.props !== true && schemaCxt.props !== void 0) {
          it.props = util_1.mergeEvaluated.props(gen, schemaCxt.props, it.props, toName);
        }
        if (it.items !== true && schemaCxt.items !== void 0) {
          it.items = util_1.mergeEvaluated.items(gen, schemaCxt.items, it.items, toName);
        }
      }
      mergeValidEvaluated(schemaCxt, valid) {
        const { it, gen } = this;
        if (it.opts.unevaluated && (it.props !== true || it.items !== true)) {
          gen.if(valid, () => this.mergeEvaluated(schemaCxt, codegen_1.Name));
          return true;
        }
      }
    };
    exports.KeywordCxt = KeywordCxt;
    function keywordCode(it, keyword, def, ruleType) {
      const cxt = new KeywordCxt(it, def, keyword);
      if ("code" in def) {
        def.code(cxt, ruleType);
      } else if (cxt.$data && def.validate) {
        (0, keyword_1.funcKeywordCode)(cxt, def);
      } else if ("macro" in def) {
        (0, keyword_1.macroKeywordCode)(cxt, def);
      } else if (def.compile || def.validate) {
        (0, keyword_1.funcKeywordCode)(cxt, def);
      }
    }
    var JSON_POINTER = /^\/(?:[^~]|~0|~1)*$/;
    var RELATIVE_JSON_POINTER = /^([0-9]+)(#|\/(?:[^~]|~0|~1)*)?$/;
    function getData($data, { dataLevel, dataNames, dataPathArr }) {
      let jsonPointer;
      let data;
      if ($data === "")
        return names_1.default.rootData;
      if ($data[0] === "/") {
        if (!JSON_POINTER.test($data))
          throw new Error(`Invalid JSON-pointer: ${$data}`);
        jsonPointer = $data;
        data = names_1.default.rootData;
      } else {
        const matches = RELATIVE_JSON_POINTER.exec($data);
        if (!matches)
          throw new Error(`Invalid JSON-pointer: ${$data}`);
        const up = +matches[1];
        jsonPointer = matches[2];
        if (jsonPointer === "#") {
          if (up >= dataLevel)
            throw new Error(errorMsg("property/index", up));
          return dataPathArr[dataLevel - up];
        }
        if (up > dataLevel)
          throw new Error(errorMsg("data", up));
        data = dataNames[dataLevel - up];
        if (!jsonPointer)
          return data;
      }
      let expr = data;
      const segments = jsonPointer.split("/");
      for (const segment of segments) {
        if (segment) {
          data = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)((0, util_1.unescapeJsonPointer)(segment))}`;
          expr = (0, codegen_1._)`${expr} && ${data}`;
        }
      }
      return expr;
      function errorMsg(pointerType, up) {
        return `Cannot access ${pointerType} ${up} levels up, current level is ${dataLevel}`;
      }
    }
    exports.getData = getData;
  }
});

// node_modules/ajv/dist/runtime/validation_error.js
var require_validation_error = __commonJS({
  "node_modules/ajv/dist/runtime/validation_error.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var ValidationError = class extends Error {
      constructor(errors) {
        super("validation failed");
        this.errors = errors;
        this.ajv = this.validation = true;
      }
    };
    exports.default = ValidationError;
  }
});

// node_modules/ajv/dist/compile/ref_error.js
var require_ref_error = __commonJS({
  "node_modules/ajv/dist/compile/ref_error.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var resolve_1 = require_resolve();
    var MissingRefError = class extends Error {
      constructor(resolver, baseId, ref, msg) {
        super(msg || `can't resolve reference ${ref} from id ${baseId}`);
        this.missingRef = (0, resolve_1.resolveUrl)(resolver, baseId, ref);
        this.missingSchema = (0, resolve_1.normalizeId)((0, resolve_1.getFullPath)(resolver, this.missingRef));
      }
    };
    exports.default = MissingRefError;
  }
});

// node_modules/ajv/dist/compile/index.js
var require_compile = __commonJS({
  "node_modules/ajv/dist/compile/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.resolveSchema = exports.getCompilingSchema = exports.resolveRef = exports.compileSchema = exports.SchemaEnv = void 0;
    var codegen_1 = require_codegen();
    var validation_error_1 = require_validation_error();
    var names_1 = require_names();
    var resolve_1 = require_resolve();
    var util_1 = require_util();
    var validate_1 = require_validate();
    var SchemaEnv = class {
      constructor(env) {
        var _a;
        this.refs = {};
        this.dynamicAnchors = {};
        let schema;
        if (typeof env.schema == "object")
          schema = env.schema;
        this.schema = env.schema;
        this.schemaId = env.schemaId;
        this.root = env.root || this;
        this.baseId = (_a = env.baseId) !== null && _a !== void 0 ? _a : (0, resolve_1.normalizeId)(schema === null || schema === void 0 ? void 0 : schema[env.schemaId || "$id"]);
        this.schemaPath = env.schemaPath;
        this.localRefs = env.localRefs;
        this.meta = env.meta;
        this.$async = schema === null || schema === void 0 ? void 0 : schema.$async;
        this.refs = {};
      }
    };
    exports.SchemaEnv = SchemaEnv;
    function compileSchema(sch) {
      const _sch = getCompilingSchema.call(this, sch);
      if (_sch)
        return _sch;
      const rootId = (0, resolve_1.getFullPath)(this.opts.uriResolver, sch.root.baseId);
      const { es5, lines } = this.opts.code;
      const { ownProperties } = this.opts;
      const gen = new codegen_1.CodeGen(this.scope, { es5, lines, ownProperties });
      let _ValidationError;
      if (sch.$async) {
        _ValidationError = gen.scopeValue("Error", {
          ref: validation_error_1.default,
          code: (0, codegen_1._)`require("ajv/dist/runtime/validation_error").default`
        });
      }
      const validateName = gen.scopeName("validate");
      sch.validateName = validateName;
      const schemaCxt = {
        gen,
        allErrors: this.opts.allErrors,
        data: names_1.default.data,
        parentData: names_1.default.parentData,
        parentDataProperty: names_1.default.parentDataProperty,
        dataNames: [names_1.default.data],
        dataPathArr: [codegen_1.nil],
        // TODO can its length be used as dataLevel if nil is removed?
        dataLevel: 0,
        dataTypes: [],
        definedProperties: /* @__PURE__ */ new Set(),
        topSchemaRef: gen.scopeValue("schema", this.opts.code.source === true ? { ref: sch.schema, code: (0, codegen_1.stringify)(sch.schema) } : { ref: sch.schema }),
        validateName,
        ValidationError: _ValidationError,
        schema: sch.schema,
        schemaEnv: sch,
        rootId,
        baseId: sch.baseId || rootId,
        schemaPath: codegen_1.nil,
        errSchemaPath: sch.schemaPath || (this.opts.jtd ? "" : "#"),
        errorPath: (0, codegen_1._)`""`,
        opts: this.opts,
        self: this
      };
      let sourceCode;
      try {
        this._compilations.add(sch);
        (0, validate_1.validateFunctionCode)(schemaCxt);
        gen.optimize(this.opts.code.optimize);
        const validateCode = gen.toString();
        sourceCode = `${gen.scopeRefs(names_1.default.scope)}return ${validateCode}`;
        if (this.opts.code.process)
          sourceCode = this.opts.code.process(sourceCode, sch);
        const makeValidate = new Function(`${names_1.default.self}`, `${names_1.default.scope}`, sourceCode);
        const validate = makeValidate(this, this.scope.get());
        this.scope.value(validateName, { ref: validate });
        validate.errors = null;
        validate.schema = sch.schema;
        validate.schemaEnv = sch;
        if (sch.$async)
          validate.$async = true;
        if (this.opts.code.source === true) {
          validate.source = { validateName, validateCode, scopeValues: gen._values };
        }
        if (this.opts.unevaluated) {
          const { props, items } = schemaCxt;
          validate.evaluated = {
            props: props instanceof codegen_1.Name ? void 0 : props,
            items: items instanceof codegen_1.Name ? void 0 : items,
            dynamicProps: props instanceof codegen_1.Name,
            dynamicItems: items instanceof codegen_1.Name
          };
          if (validate.source)
            validate.source.evaluated = (0, codegen_1.stringify)(validate.evaluated);
        }
        sch.validate = validate;
        return sch;
      } catch (e) {
        delete sch.validate;
        delete sch.validateName;
        if (sourceCode)
          this.logger.error("Error compiling schema, function code:", sourceCode);
        throw e;
      } finally {
        this._compilations.delete(sch);
      }
    }
    exports.compileSchema = compileSchema;
    function resolveRef(root, baseId, ref) {
      var _a;
      ref = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, ref);
      const schOrFunc = root.refs[ref];
      if (schOrFunc)
        return schOrFunc;
      let _sch = resolve5.call(this, root, ref);
      if (_sch === void 0) {
        const schema = (_a = root.localRefs) === null || _a === void 0 ? void 0 : _a[ref];
        const { schemaId } = this.opts;
        if (schema)
          _sch = new SchemaEnv({ schema, schemaId, root, baseId });
      }
      if (_sch === void 0)
        return;
      return root.refs[ref] = inlineOrCompile.call(this, _sch);
    }
    exports.resolveRef = resolveRef;
    function inlineOrCompile(sch) {
      if ((0, resolve_1.inlineRef)(sch.schema, this.opts.inlineRefs))
        return sch.schema;
      return sch.validate ? sch : compileSchema.call(this, sch);
    }
    function getCompilingSchema(schEnv) {
      for (const sch of this._compilations) {
        if (sameSchemaEnv(sch, schEnv))
          return sch;
      }
    }
    exports.getCompilingSchema = getCompilingSchema;
    function sameSchemaEnv(s1, s2) {
      return s1.schema === s2.schema && s1.root === s2.root && s1.baseId === s2.baseId;
    }
    function resolve5(root, ref) {
      let sch;
      while (typeof (sch = this.refs[ref]) == "string")
        ref = sch;
      return sch || this.schemas[ref] || resolveSchema.call(this, root, ref);
    }
    function resolveSchema(root, ref) {
      const p = this.opts.uriResolver.parse(ref);
      const refPath = (0, resolve_1._getFullPath)(this.opts.uriResolver, p);
      let baseId = (0, resolve_1.getFullPath)(this.opts.uriResolver, root.baseId, void 0);
      if (Object.keys(root.schema).length > 0 && refPath === baseId) {
        return getJsonPointer.call(this, p, root);
      }
      const id = (0, resolve_1.normalizeId)(refPath);
      const schOrRef = this.refs[id] || this.schemas[id];
      if (typeof schOrRef == "string") {
        const sch = resolveSchema.call(this, root, schOrRef);
        if (typeof (sch === null || sch === void 0 ? void 0 : sch.schema) !== "object")
          return;
        return getJsonPointer.call(this, p, sch);
      }
      if (typeof (schOrRef === null || schOrRef === void 0 ? void 0 : schOrRef.schema) !== "object")
        return;
      if (!schOrRef.validate)
        compileSchema.call(this, schOrRef);
      if (id === (0, resolve_1.normalizeId)(ref)) {
        const { schema } = schOrRef;
        const { schemaId } = this.opts;
        const schId = schema[schemaId];
        if (schId)
          baseId = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schId);
        return new SchemaEnv({ schema, schemaId, root, baseId });
      }
      return getJsonPointer.call(this, p, schOrRef);
    }
    exports.resolveSchema = resolveSchema;
    var PREVENT_SCOPE_CHANGE = /* @__PURE__ */ new Set([
      "properties",
      "patternProperties",
      "enum",
      "dependencies",
      "definitions"
    ]);
    function getJsonPointer(parsedRef, { baseId, schema, root }) {
      var _a;
      if (((_a = parsedRef.fragment) === null || _a === void 0 ? void 0 : _a[0]) !== "/")
        return;
      for (const part of parsedRef.fragment.slice(1).split("/")) {
        if (typeof schema === "boolean")
          return;
        const partSchema = schema[(0, util_1.unescapeFragment)(part)];
        if (partSchema === void 0)
          return;
        schema = partSchema;
        const schId = typeof schema === "object" && schema[this.opts.schemaId];
        if (!PREVENT_SCOPE_CHANGE.has(part) && schId) {
          baseId = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schId);
        }
      }
      let env;
      if (typeof schema != "boolean" && schema.$ref && !(0, util_1.schemaHasRulesButRef)(schema, this.RULES)) {
        const $ref = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schema.$ref);
        env = resolveSchema.call(this, root, $ref);
      }
      const { schemaId } = this.opts;
      env = env || new SchemaEnv({ schema, schemaId, root, baseId });
      if (env.schema !== env.root.schema)
        return env;
      return void 0;
    }
  }
});

// node_modules/ajv/dist/refs/data.json
var require_data = __commonJS({
  "node_modules/ajv/dist/refs/data.json"(exports, module) {
    module.exports = {
      $id: "https://raw.githubusercontent.com/ajv-validator/ajv/master/lib/refs/data.json#",
      description: "Meta-schema for $data reference (JSON AnySchema extension proposal)",
      type: "object",
      required: ["$data"],
      properties: {
        $data: {
          type: "string",
          anyOf: [{ format: "relative-json-pointer" }, { format: "json-pointer" }]
        }
      },
      additionalProperties: false
    };
  }
});

// node_modules/fast-uri/lib/utils.js
var require_utils = __commonJS({
  "node_modules/fast-uri/lib/utils.js"(exports, module) {
    "use strict";
    var isUUID = RegExp.prototype.test.bind(/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/iu);
    var isIPv4 = RegExp.prototype.test.bind(/^(?:(?:25[0-5]|2[0-4]\d|1\d{2}|[1-9]\d|\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d{2}|[1-9]\d|\d)$/u);
    var isPort = RegExp.prototype.test.bind(/^\d*$/u);
    var isHexPair = RegExp.prototype.test.bind(/^[\da-f]{2}$/iu);
    var isUnreserved = RegExp.prototype.test.bind(/^[\da-z\-._~]$/iu);
    var isPathCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/]$/u);
    var isQueryFragmentCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/?]$/u);
    var isUserinfoCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:]$/u);
    var BYTE_HEX = new Array(256);
    {
      const HEX_DIGITS = "0123456789ABCDEF";
      for (let i = 0; i < 256; i++) {
        BYTE_HEX[i] = "%" + HEX_DIGITS[i >> 4] + HEX_DIGITS[i & 15];
      }
    }
    function percentEncodeNonAscii(cp) {
      if (cp < 2048) {
        return BYTE_HEX[192 | cp >> 6] + BYTE_HEX[128 | cp & 63];
      }
      if (cp < 65536) {
        return BYTE_HEX[224 | cp >> 12] + BYTE_HEX[128 | cp >> 6 & 63] + BYTE_HEX[128 | cp & 63];
      }
      return BYTE_HEX[240 | cp >> 18] + BYTE_HEX[128 | cp >> 12 & 63] + BYTE_HEX[128 | cp >> 6 & 63] + BYTE_HEX[128 | cp & 63];
    }
    function stringArrayToHexStripped(input) {
      let acc = "";
      let code2 = 0;
      let i = 0;
      for (i = 0; i < input.length; i++) {
        code2 = input[i].charCodeAt(0);
        if (code2 === 48) {
          continue;
        }
        if (!(code2 >= 48 && code2 <= 57 || code2 >= 65 && code2 <= 70 || code2 >= 97 && code2 <= 102)) {
          return "";
        }
        acc += input[i];
        break;
      }
      for (i += 1; i < input.length; i++) {
        code2 = input[i].charCodeAt(0);
        if (!(code2 >= 48 && code2 <= 57 || code2 >= 65 && code2 <= 70 || code2 >= 97 && code2 <= 102)) {
          return "";
        }
        acc += input[i];
      }
      return acc;
    }
    var isHextet = RegExp.prototype.test.bind(/^[\dA-Fa-f]{1,4}$/);
    var isIPvFuture = RegExp.prototype.test.bind(/^[vV][\dA-Fa-f]+\.[A-Za-z\d\-._~!$&'()*+,;=:]+$/);
    var isZoneCharacter = RegExp.prototype.test.bind(/^[A-Za-z\d\-._~]$/);
    var nonSimpleDomain = RegExp.prototype.test.bind(/[^!"$&'()*+,\-.;=_`a-z{}~]/u);
    function isZoneIdentifier(zone) {
      if (zone.length === 0) return false;
      for (let i = 0; i < zone.length; i++) {
        if (isZoneCharacter(zone[i])) continue;
        if (zone[i] === "%" && i + 2 < zone.length && isHexPair(zone.slice(i + 1, i + 3))) {
          i += 2;
          continue;
        }
        return false;
      }
      return true;
    }
    function compressIPv6ZeroRun(hextets) {
      let bestStart = -1;
      let bestLength = 0;
      let runStart = -1;
      let runLength = 0;
      for (let i = 0; i < hextets.length; i++) {
        if (hextets[i] === "0") {
          if (runStart === -1) runStart = i;
          runLength++;
          if (runLength > bestLength) {
            bestLength = runLength;
            bestStart = runStart;
          }
        } else {
          runStart = -1;
          runLength = 0;
        }
      }
      if (bestLength < 2) return hextets.join(":");
      const head = hextets.slice(0, bestStart).join(":");
      const tail = hextets.slice(bestStart + bestLength).join(":");
      return head + "::" + tail;
    }
    function normalizeIPv6Address(input) {
      const compression = input.indexOf("::");
      if (compression !== -1 && input.indexOf("::", compression + 1) !== -1) return void 0;
      const left = compression === -1 ? input.split(":") : input.slice(0, compression).split(":");
      const right = compression === -1 ? [] : input.slice(compression + 2).split(":");
      if (compression !== -1) {
        if (left.length === 1 && left[0] === "") left.length = 0;
        if (right.length === 1 && right[0] === "") right.length = 0;
      }
      const parts = left.concat(right);
      let hextetCount = 0;
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        if (part === "") return void 0;
        if (part.indexOf(".") !== -1) {
          if (i !== parts.length - 1 || compression !== -1 && right.length === 0 || !isIPv4(part)) return void 0;
          hextetCount += 2;
          continue;
        }
        if (!isHextet(part)) return void 0;
        parts[i] = parseInt(part, 16).toString(16);
        hextetCount++;
      }
      if (compression === -1) {
        if (hextetCount !== 8) return void 0;
        return compressIPv6ZeroRun(parts);
      }
      if (hextetCount >= 8) return void 0;
      const expanded = parts.slice(0, left.length);
      for (let i = hextetCount; i < 8; i++) expanded.push("0");
      for (let i = left.length; i < parts.length; i++) expanded.push(parts[i]);
      return compressIPv6ZeroRun(expanded);
    }
    function normalizeIPv6(host) {
      const bracketed = host[0] === "[" && host[host.length - 1] === "]";
      const hasBracket = host[0] === "[" || host[host.length - 1] === "]";
      if (hasBracket && !bracketed) return { host, isIPV6: false, error: true };
      let input = bracketed ? host.slice(1, -1) : host;
      if (bracketed && isIPvFuture(input)) {
        input = input.toLowerCase();
        return { host: `[${input}]`, escapedHost: input, isIPV6: false, isIPVFuture: true };
      }
      if (findToken(input, ":") < 2) {
        return { host, isIPV6: false, error: bracketed };
      }
      let zoneIdentifier = "";
      const zoneSeparator = input.indexOf("%");
      if (zoneSeparator !== -1) {
        const separatorLength = input.slice(zoneSeparator, zoneSeparator + 3).toLowerCase() === "%25" ? 3 : 1;
        zoneIdentifier = input.slice(zoneSeparator + separatorLength);
        if (!isZoneIdentifier(zoneIdentifier)) return { host, isIPV6: false, error: true };
        input = input.slice(0, zoneSeparator);
      }
      const address = normalizeIPv6Address(input);
      if (address === void 0) return { host, isIPV6: false, error: true };
      return {
        host: address + (zoneIdentifier ? "%" + zoneIdentifier : ""),
        escapedHost: address + (zoneIdentifier ? "%25" + zoneIdentifier : ""),
        isIPV6: true
      };
    }
    function findToken(str, token) {
      let ind = 0;
      for (let i = 0; i < str.length; i++) {
        if (str[i] === token) ind++;
      }
      return ind;
    }
    function removeDotSegments(path) {
      let input = path;
      const output = [];
      let nextSlash = -1;
      let len = 0;
      while (len = input.length) {
        if (len === 1) {
          if (input === ".") {
            break;
          } else if (input === "/") {
            output.push("/");
            break;
          } else {
            output.push(input);
            break;
          }
        } else if (len === 2) {
          if (input[0] === ".") {
            if (input[1] === ".") {
              break;
            } else if (input[1] === "/") {
              input = input.slice(2);
              continue;
            }
          } else if (input[0] === "/") {
            if (input[1] === "." || input[1] === "/") {
              output.push("/");
              break;
            }
          }
        } else if (len === 3) {
          if (input === "/..") {
            if (output.length !== 0) {
              output.pop();
            }
            output.push("/");
            break;
          }
        }
        if (input[0] === ".") {
          if (input[1] === ".") {
            if (input[2] === "/") {
              input = input.slice(3);
              continue;
            }
          } else if (input[1] === "/") {
            input = input.slice(2);
            continue;
          }
        } else if (input[0] === "/") {
          if (input[1] === ".") {
            if (input[2] === "/") {
              input = input.slice(2);
              continue;
            } else if (input[2] === ".") {
              if (input[3] === "/") {
                input = input.slice(3);
                if (output.length !== 0) {
                  output.pop();
                }
                continue;
              }
            }
          }
        }
        if ((nextSlash = input.indexOf("/", 1)) === -1) {
          output.push(input);
          break;
        } else {
          output.push(input.slice(0, nextSlash));
          input = input.slice(nextSlash);
        }
      }
      return output.join("");
    }
    function removeDotSegmentsRelative(path) {
      if (path === "" || path[0] === "/") {
        return removeDotSegments(path);
      }
      const segments = path.split("/");
      const last = segments.length - 1;
      const output = [];
      let trailingDirectory = false;
      for (let i = 0; i <= last; i++) {
        const segment = segments[i];
        if (segment === "." || segment === "..") {
          if (segment === "..") {
            if (output.length !== 0 && output[output.length - 1] !== "..") {
              output.pop();
            } else {
              output.push("..");
            }
          }
          trailingDirectory = i === last;
        } else {
          output.push(segment);
        }
      }
      if (trailingDirectory && output[output.length - 1] !== "..") {
        output.push("");
      }
      if (output.length === 0 || output[0] === "" || output[0].includes(":")) {
        output.unshift(".");
      }
      return output.join("/");
    }
    var HOST_DELIMS = { "@": "%40", "/": "%2F", "?": "%3F", "#": "%23", ":": "%3A" };
    var HOST_DELIM_RE = /[@/?#:]/g;
    var HOST_DELIM_NO_COLON_RE = /[@/?#]/g;
    function reescapeHostDelimiters(host, isIP) {
      const re = isIP ? HOST_DELIM_NO_COLON_RE : HOST_DELIM_RE;
      re.lastIndex = 0;
      return host.replace(re, (ch) => HOST_DELIMS[ch]);
    }
    function normalizePercentEncoding(input, decodeUnreserved = false) {
      if (input.indexOf("%") === -1) {
        return input;
      }
      let output = "";
      for (let i = 0; i < input.length; i++) {
        if (input[i] === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            const normalizedHex = hex.toUpperCase();
            const decoded = String.fromCharCode(parseInt(normalizedHex, 16));
            if (decodeUnreserved && isUnreserved(decoded)) {
              output += decoded;
            } else {
              output += "%" + normalizedHex;
            }
            i += 2;
            continue;
          }
        }
        output += input[i];
      }
      return output;
    }
    function normalizePathEncoding(input) {
      let output = "";
      for (let i = 0; i < input.length; i++) {
        const ch = input[i];
        if (ch === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            const normalizedHex = hex.toUpperCase();
            const decoded = String.fromCharCode(parseInt(normalizedHex, 16));
            if (decoded !== "." && isUnreserved(decoded)) {
              output += decoded;
            } else {
              output += "%" + normalizedHex;
            }
            i += 2;
            continue;
          }
        }
        if (isPathCharacter(ch)) {
          output += ch;
        } else {
          const code2 = input.charCodeAt(i);
          if (code2 < 128) {
            output += isEscapeSafe(code2) ? ch : BYTE_HEX[code2];
          } else if (code2 < 55296 || code2 > 57343) {
            output += percentEncodeNonAscii(code2);
          } else if (code2 <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code2 - 55296 << 10) + (low - 56320));
              i++;
            } else {
              output += percentEncodeNonAscii(65533);
            }
          } else {
            output += percentEncodeNonAscii(65533);
          }
        }
      }
      return output;
    }
    function serializePathEncoding(input, pathNoScheme = false) {
      let output = "";
      let firstSegment = pathNoScheme && input[0] !== "/";
      for (let i = 0; i < input.length; i++) {
        const ch = input[i];
        if (ch === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            output += "%" + hex.toUpperCase();
            i += 2;
            continue;
          }
        }
        if (ch === "/") {
          firstSegment = false;
        }
        if (isPathCharacter(ch) && (ch !== ":" || !firstSegment)) {
          output += ch;
        } else {
          const code2 = input.charCodeAt(i);
          if (code2 < 128) {
            output += BYTE_HEX[code2];
          } else if (code2 < 55296 || code2 > 57343) {
            output += percentEncodeNonAscii(code2);
          } else if (code2 <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code2 - 55296 << 10) + (low - 56320));
              i++;
            } else {
              output += percentEncodeNonAscii(65533);
            }
          } else {
            output += percentEncodeNonAscii(65533);
          }
        }
      }
      return output;
    }
    function encodeComponent(input, isAllowed) {
      let output = "";
      for (let i = 0; i < input.length; i++) {
        const ch = input[i];
        if (ch === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            output += "%" + hex.toUpperCase();
            i += 2;
            continue;
          }
        }
        if (isAllowed(ch)) {
          output += ch;
        } else {
          const code2 = input.charCodeAt(i);
          if (code2 < 128) {
            output += BYTE_HEX[code2];
          } else if (code2 < 55296 || code2 > 57343) {
            output += percentEncodeNonAscii(code2);
          } else if (code2 <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code2 - 55296 << 10) + (low - 56320));
              i++;
            } else {
              output += percentEncodeNonAscii(65533);
            }
          } else {
            output += percentEncodeNonAscii(65533);
          }
        }
      }
      return output;
    }
    function encodeUserinfo(input) {
      return encodeComponent(input, isUserinfoCharacter);
    }
    function encodeQuery(input) {
      return encodeComponent(input, isQueryFragmentCharacter);
    }
    function encodeFragment(input) {
      return encodeComponent(input, isQueryFragmentCharacter);
    }
    function isEscapeSafe(cp) {
      return cp >= 48 && cp <= 57 || cp >= 65 && cp <= 90 || cp >= 97 && cp <= 122 || cp === 42 || cp === 43 || cp === 45 || cp === 46 || cp === 47 || cp === 64 || cp === 95;
    }
    function normalizeQueryFragmentEncoding(input) {
      let output = "";
      for (let i = 0; i < input.length; i++) {
        const ch = input[i];
        if (ch === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            const normalizedHex = hex.toUpperCase();
            const decoded = String.fromCharCode(parseInt(normalizedHex, 16));
            if (isUnreserved(decoded)) {
              output += decoded;
            } else {
              output += "%" + normalizedHex;
            }
            i += 2;
            continue;
          }
        }
        if (isQueryFragmentCharacter(ch)) {
          output += ch;
        } else {
          const code2 = input.charCodeAt(i);
          if (code2 < 128) {
            output += isEscapeSafe(code2) ? ch : BYTE_HEX[code2];
          } else if (code2 < 55296 || code2 > 57343) {
            output += percentEncodeNonAscii(code2);
          } else if (code2 <= 56319 && i + 1 < input.length) {
            const low = input.charCodeAt(i + 1);
            if (low >= 56320 && low <= 57343) {
              output += percentEncodeNonAscii(65536 + (code2 - 55296 << 10) + (low - 56320));
              i++;
            } else {
              output += percentEncodeNonAscii(65533);
            }
          } else {
            output += percentEncodeNonAscii(65533);
          }
        }
      }
      return output;
    }
    function escapePreservingEscapes(input) {
      let output = "";
      for (let i = 0; i < input.length; i++) {
        if (input[i] === "%" && i + 2 < input.length) {
          const hex = input.slice(i + 1, i + 3);
          if (isHexPair(hex)) {
            output += "%" + hex.toUpperCase();
            i += 2;
            continue;
          }
        }
        output += escape(input[i]);
      }
      return output;
    }
    function recomposeAuthority(component) {
      const uriTokens = [];
      if (component.userinfo !== void 0) {
        uriTokens.push(encodeUserinfo(component.userinfo));
        uriTokens.push("@");
      }
      if (component.host !== void 0) {
        let host = component.host;
        if (!isIPv4(host)) {
          let ipV6res = normalizeIPv6(host);
          if (ipV6res.isIPV6 !== true && ipV6res.isIPVFuture !== true) {
            host = normalizePercentEncoding(host, true);
            ipV6res = normalizeIPv6(host);
          }
          if (ipV6res.isIPV6 === true || ipV6res.isIPVFuture === true) {
            host = `[${ipV6res.escapedHost}]`;
          } else {
            host = reescapeHostDelimiters(host, false);
          }
        }
        uriTokens.push(host);
      }
      if (typeof component.port === "number" || typeof component.port === "string") {
        const port = String(component.port);
        if (!isPort(port)) {
          throw new TypeError("URI port is malformed.");
        }
        uriTokens.push(":");
        uriTokens.push(port);
      }
      return uriTokens.length ? uriTokens.join("") : void 0;
    }
    module.exports = {
      nonSimpleDomain,
      recomposeAuthority,
      reescapeHostDelimiters,
      normalizePercentEncoding,
      normalizePathEncoding,
      serializePathEncoding,
      normalizeQueryFragmentEncoding,
      encodeUserinfo,
      encodeQuery,
      encodeFragment,
      escapePreservingEscapes,
      removeDotSegments,
      removeDotSegmentsRelative,
      isIPv4,
      isUUID,
      normalizeIPv6,
      stringArrayToHexStripped
    };
  }
});

// node_modules/fast-uri/lib/schemes.js
var require_schemes = __commonJS({
  "node_modules/fast-uri/lib/schemes.js"(exports, module) {
    "use strict";
    var { isUUID } = require_utils();
    var URN_REG = /^([\da-z][\d\-a-z]{0,31}):((?:[\w!$'()*+,\-./:;=@]|%[\da-f]{2})+)$/iu;
    var supportedSchemeNames = (
      /** @type {const} */
      [
        "http",
        "https",
        "ws",
        "wss",
        "urn",
        "urn:uuid"
      ]
    );
    function isValidSchemeName(name) {
      return supportedSchemeNames.indexOf(
        /** @type {*} */
        name
      ) !== -1;
    }
    function wsIsSecure(wsComponent) {
      if (wsComponent.secure === true) {
        return true;
      } else if (wsComponent.secure === false) {
        return false;
      } else if (wsComponent.scheme) {
        return wsComponent.scheme.length === 3 && (wsComponent.scheme[0] === "w" || wsComponent.scheme[0] === "W") && (wsComponent.scheme[1] === "s" || wsComponent.scheme[1] === "S") && (wsComponent.scheme[2] === "s" || wsComponent.scheme[2] === "S");
      } else {
        return false;
      }
    }
    function httpParse(component) {
      if (!component.host) {
        component.error = component.error || "HTTP URIs must have a host.";
      }
      return component;
    }
    function httpSerialize(component) {
      const secure = String(component.scheme).toLowerCase() === "https";
      if (component.port === (secure ? 443 : 80) || component.port === "") {
        component.port = void 0;
      }
      if (!component.path) {
        component.path = "/";
      }
      return component;
    }
    function wsParse(wsComponent) {
      wsComponent.secure = wsIsSecure(wsComponent);
      wsComponent.resourceName = (wsComponent.path || "/") + (wsComponent.query ? "?" + wsComponent.query : "");
      wsComponent.path = void 0;
      wsComponent.query = void 0;
      return wsComponent;
    }
    function wsSerialize(wsComponent) {
      if (wsComponent.port === (wsIsSecure(wsComponent) ? 443 : 80) || wsComponent.port === "") {
        wsComponent.port = void 0;
      }
      if (typeof wsComponent.secure === "boolean") {
        wsComponent.scheme = wsComponent.secure ? "wss" : "ws";
        wsComponent.secure = void 0;
      }
      if (wsComponent.resourceName) {
        const queryIndex = wsComponent.resourceName.indexOf("?");
        const path = queryIndex === -1 ? wsComponent.resourceName : wsComponent.resourceName.slice(0, queryIndex);
        wsComponent.path = path && path !== "/" ? path : void 0;
        wsComponent.query = queryIndex === -1 ? void 0 : wsComponent.resourceName.slice(queryIndex + 1);
        wsComponent.resourceName = void 0;
      }
      wsComponent.fragment = void 0;
      return wsComponent;
    }
    function urnParse(urnComponent, options) {
      if (!urnComponent.path) {
        urnComponent.error = "URN can not be parsed";
        return urnComponent;
      }
      const matches = urnComponent.path.match(URN_REG);
      if (matches && matches[0] === urnComponent.path) {
        const scheme = options.scheme || urnComponent.scheme || "urn";
        urnComponent.nid = matches[1].toLowerCase();
        urnComponent.nss = matches[2];
        const urnScheme = `${scheme}:${options.nid || urnComponent.nid}`;
        const schemeHandler = getSchemeHandler(urnScheme);
        urnComponent.path = void 0;
        if (schemeHandler) {
          urnComponent = schemeHandler.parse(urnComponent, options);
        }
      } else {
        urnComponent.error = urnComponent.error || "URN can not be parsed.";
      }
      return urnComponent;
    }
    function urnSerialize(urnComponent, options) {
      if (urnComponent.nid === void 0) {
        throw new Error("URN without nid cannot be serialized");
      }
      const scheme = options.scheme || urnComponent.scheme || "urn";
      const nid = urnComponent.nid.toLowerCase();
      const urnScheme = `${scheme}:${options.nid || nid}`;
      const schemeHandler = getSchemeHandler(urnScheme);
      if (schemeHandler) {
        urnComponent = schemeHandler.serialize(urnComponent, options);
      }
      const uriComponent = urnComponent;
      const nss = urnComponent.nss;
      uriComponent.path = `${nid || options.nid}:${nss}`;
      options.skipEscape = true;
      return uriComponent;
    }
    function urnuuidParse(urnComponent, options) {
      const uuidComponent = urnComponent;
      uuidComponent.uuid = uuidComponent.nss;
      uuidComponent.nss = void 0;
      if (!options.tolerant && (!uuidComponent.uuid || !isUUID(uuidComponent.uuid))) {
        uuidComponent.error = uuidComponent.error || "UUID is not valid.";
      }
      return uuidComponent;
    }
    function urnuuidSerialize(uuidComponent) {
      const urnComponent = uuidComponent;
      urnComponent.nss = (uuidComponent.uuid || "").toLowerCase();
      return urnComponent;
    }
    var http = (
      /** @type {SchemeHandler} */
      {
        scheme: "http",
        domainHost: true,
        parse: httpParse,
        serialize: httpSerialize
      }
    );
    var https = (
      /** @type {SchemeHandler} */
      {
        scheme: "https",
        domainHost: http.domainHost,
        parse: httpParse,
        serialize: httpSerialize
      }
    );
    var ws = (
      /** @type {SchemeHandler} */
      {
        scheme: "ws",
        domainHost: true,
        parse: wsParse,
        serialize: wsSerialize
      }
    );
    var wss = (
      /** @type {SchemeHandler} */
      {
        scheme: "wss",
        domainHost: ws.domainHost,
        parse: ws.parse,
        serialize: ws.serialize
      }
    );
    var urn = (
      /** @type {SchemeHandler} */
      {
        scheme: "urn",
        parse: urnParse,
        serialize: urnSerialize,
        skipNormalize: true
      }
    );
    var urnuuid = (
      /** @type {SchemeHandler} */
      {
        scheme: "urn:uuid",
        parse: urnuuidParse,
        serialize: urnuuidSerialize,
        skipNormalize: true
      }
    );
    var SCHEMES = (
      /** @type {Record<SchemeName, SchemeHandler>} */
      {
        http,
        https,
        ws,
        wss,
        urn,
        "urn:uuid": urnuuid
      }
    );
    Object.setPrototypeOf(SCHEMES, null);
    function getSchemeHandler(scheme) {
      return scheme && (SCHEMES[
        /** @type {SchemeName} */
        scheme
      ] || SCHEMES[
        /** @type {SchemeName} */
        scheme.toLowerCase()
      ]) || void 0;
    }
    module.exports = {
      wsIsSecure,
      SCHEMES,
      isValidSchemeName,
      getSchemeHandler
    };
  }
});

// node_modules/fast-uri/index.js
var require_fast_uri = __commonJS({
  "node_modules/fast-uri/index.js"(exports, module) {
    "use strict";
    var { normalizeIPv6, removeDotSegments, removeDotSegmentsRelative, recomposeAuthority, normalizePercentEncoding, normalizePathEncoding, serializePathEncoding, normalizeQueryFragmentEncoding, encodeQuery, encodeFragment, reescapeHostDelimiters, isIPv4, nonSimpleDomain } = require_utils();
    var { SCHEMES, getSchemeHandler } = require_schemes();
    var VALID_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/u;
    var MALFORMED_SCHEME_ERROR = "URI scheme is malformed.";
    var MALFORMED_HOST_ERROR = "URI host is malformed.";
    var FORBIDDEN_DOMAIN_HOST_CHARACTER = /[\0-\x20"#/:<>?@[\\\]^`{|}\x7F]/u;
    function validateScheme(scheme) {
      const stringScheme = String(scheme);
      if (!VALID_SCHEME.test(stringScheme)) {
        throw new TypeError(MALFORMED_SCHEME_ERROR);
      }
      return stringScheme;
    }
    function normalize2(uri, options) {
      if (typeof uri === "string") {
        uri = /** @type {T} */
        normalizeString(uri, options);
      } else if (typeof uri === "object") {
        uri = /** @type {T} */
        parse2(serialize(uri, options), options);
      }
      return uri;
    }
    function resolve5(baseURI, relativeURI, options) {
      const schemelessOptions = options ? Object.assign({ scheme: "null" }, options) : { scheme: "null" };
      const {
        parsed: baseParsed,
        malformedAuthorityOrPort: baseMalformed,
        malformedPercentEncoding: baseMalformedPercentEncoding,
        malformedSchemeSpecific: baseMalformedSchemeSpecific,
        malformedHost: baseMalformedHost,
        malformedScheme: baseMalformedScheme
      } = parseWithStatus(baseURI, schemelessOptions);
      const {
        parsed: relativeParsed,
        malformedAuthorityOrPort: relativeMalformed,
        malformedPercentEncoding: relativeMalformedPercentEncoding,
        malformedSchemeSpecific: relativeMalformedSchemeSpecific,
        malformedHost: relativeMalformedHost,
        malformedScheme: relativeMalformedScheme
      } = parseWithStatus(relativeURI, schemelessOptions);
      if (baseMalformed || relativeMalformed || baseMalformedPercentEncoding || relativeMalformedPercentEncoding || baseMalformedSchemeSpecific || relativeMalformedSchemeSpecific || baseMalformedHost || relativeMalformedHost || baseMalformedScheme || relativeMalformedScheme) {
        throw new Error(baseParsed.error || relativeParsed.error || "URI is malformed.");
      }
      const resolved = resolveComponent(baseParsed, relativeParsed, schemelessOptions, true);
      const resolvedSchemeHandler = getSchemeHandler(options && options.scheme || resolved.scheme);
      const resolvedHost = resolved.host;
      const resolvedHostIsIP = resolvedHost !== void 0 && resolvedHost !== "" && (isIPv4(resolvedHost) || normalizeIPv6(resolvedHost).isIPV6);
      if (hasForbiddenDomainHost(resolved, options || {}, resolvedSchemeHandler, resolvedHostIsIP)) {
        throw new Error(MALFORMED_HOST_ERROR);
      }
      canonicalizeHost(resolved, options || {}, resolvedSchemeHandler, resolvedHostIsIP);
      const encodedASCIIHost = resolvedHost && resolvedHost.indexOf("%") !== -1 && !new RegExp("\\P{ASCII}", "u").test(resolvedHost);
      if (resolved.error && !encodedASCIIHost) {
        throw new Error(resolved.error);
      }
      schemelessOptions.skipEscape = true;
      return serialize(resolved, schemelessOptions);
    }
    function resolveComponent(base, relative2, options, skipNormalization) {
      const target = {};
      if (!skipNormalization) {
        base = parse2(serialize(base, options), options);
        relative2 = parse2(serialize(relative2, options), options);
      }
      options = options || {};
      if (!options.tolerant && relative2.scheme) {
        target.scheme = relative2.scheme;
        target.userinfo = relative2.userinfo;
        target.host = relative2.host;
        target.port = relative2.port;
        target.path = removeDotSegments(relative2.path || "");
        target.query = relative2.query;
      } else {
        if (relative2.userinfo !== void 0 || relative2.host !== void 0 || relative2.port !== void 0) {
          target.userinfo = relative2.userinfo;
          target.host = relative2.host;
          target.port = relative2.port;
          target.path = removeDotSegments(relative2.path || "");
          target.query = relative2.query;
        } else {
          if (!relative2.path) {
            target.path = base.path;
            if (relative2.query !== void 0) {
              target.query = relative2.query;
            } else {
              target.query = base.query;
            }
          } else {
            if (relative2.path[0] === "/") {
              target.path = removeDotSegments(relative2.path);
            } else {
              const baseHasAuthority = base.userinfo !== void 0 || base.host !== void 0 || base.port !== void 0;
              if (baseHasAuthority && !base.path) {
                target.path = "/" + relative2.path;
              } else if (!base.path) {
                target.path = relative2.path;
              } else {
                target.path = base.path.slice(0, base.path.lastIndexOf("/") + 1) + relative2.path;
              }
              target.path = base.scheme === void 0 && !baseHasAuthority && target.path[0] !== "/" ? removeDotSegmentsRelative(target.path) : removeDotSegments(target.path);
            }
            target.query = relative2.query;
          }
          target.userinfo = base.userinfo;
          target.host = base.host;
          target.port = base.port;
        }
        target.scheme = base.scheme;
      }
      target.fragment = relative2.fragment;
      return target;
    }
    function equal(uriA, uriB, options) {
      const normalizedA = normalizeComparableURI(uriA, options);
      const normalizedB = normalizeComparableURI(uriB, options);
      return normalizedA !== void 0 && normalizedB !== void 0 && normalizedA === normalizedB;
    }
    function serialize(cmpts, opts) {
      const component = {
        host: cmpts.host,
        scheme: cmpts.scheme,
        userinfo: cmpts.userinfo,
        port: cmpts.port,
        path: cmpts.path,
        query: cmpts.query,
        nid: cmpts.nid,
        nss: cmpts.nss,
        uuid: cmpts.uuid,
        fragment: cmpts.fragment,
        reference: cmpts.reference,
        resourceName: cmpts.resourceName,
        secure: cmpts.secure,
        error: ""
      };
      const options = Object.assign({}, opts);
      const uriTokens = [];
      if (component.scheme) {
        component.scheme = validateScheme(component.scheme);
      }
      const schemeHandler = getSchemeHandler(options.scheme || component.scheme);
      if (schemeHandler && schemeHandler.serialize) schemeHandler.serialize(component, options);
      const hasAuthority = component.userinfo !== void 0 || component.host !== void 0 || component.port !== void 0;
      const schemelessReference = (component.scheme === void 0 || options.reference === "suffix") && !hasAuthority;
      const pathNoScheme = !options.skipEscape && schemelessReference;
      if (component.path !== void 0) {
        if (!options.skipEscape) {
          component.path = serializePathEncoding(component.path, pathNoScheme);
        } else {
          component.path = normalizePercentEncoding(component.path);
        }
      }
      if (options.reference !== "suffix" && component.scheme) {
        component.scheme = validateScheme(component.scheme);
        uriTokens.push(component.scheme, ":");
      }
      const authority = recomposeAuthority(component);
      if (authority !== void 0) {
        if (options.reference !== "suffix") {
          uriTokens.push("//");
        }
        uriTokens.push(authority);
        if (component.path && component.path[0] !== "/") {
          uriTokens.push("/");
        }
      }
      if (component.path !== void 0) {
        let s = component.path;
        if (!options.absolutePath && (!schemeHandler || !schemeHandler.absolutePath)) {
          s = schemelessReference && s[0] !== "/" ? removeDotSegmentsRelative(s) : removeDotSegments(s);
        }
        if (schemelessReference) {
          s = serializePathEncoding(s, true);
        }
        if (authority === void 0 && s[0] === "/" && s[1] === "/") {
          s = "/%2F" + s.slice(2);
        }
        uriTokens.push(s);
      }
      if (component.query !== void 0) {
        uriTokens.push("?", encodeQuery(component.query));
      }
      if (component.fragment !== void 0) {
        uriTokens.push("#", encodeFragment(component.fragment));
      }
      return uriTokens.join("");
    }
    var URI_PARSE = /^(?:([^#/:?]+):)?(?:\/\/((?:([^#/?@]*)@)?(\[[^#/?\]]+\]|[^#/:?]*)(?::(\d*))?))?([^#?]*)(?:\?([^#]*))?(?:#((?:.|[\n\r])*))?/u;
    var AUTHORITY_PREFIX = /^(?:[^#/:?]+:)?\/\/([^/?#]*)/;
    var AUTHORITY_INTRODUCER_REGION = /^(?:[^#/:?]+:)?([/\\\t\n\r]*)/;
    function getParseError(parsed, matches) {
      if (matches[2] !== void 0 && parsed.path && parsed.path[0] !== "/") {
        return 'URI path must start with "/" when authority is present.';
      }
      if (typeof parsed.port === "number" && (parsed.port < 0 || parsed.port > 65535)) {
        return "URI port is malformed.";
      }
      return void 0;
    }
    function hasMalformedPercentEncoding(component) {
      if (component === void 0) return false;
      let percent = component.indexOf("%");
      while (percent !== -1) {
        if (percent + 2 >= component.length || !/^[\da-f]{2}$/iu.test(component.slice(percent + 1, percent + 3))) {
          return true;
        }
        percent = component.indexOf("%", percent + 3);
      }
      return false;
    }
    function isIPLiteral(host) {
      return host[0] === "[" && host[host.length - 1] === "]";
    }
    function hasMalformedComponentPercentEncoding(matches) {
      const host = matches[4];
      return hasMalformedPercentEncoding(matches[3]) || host !== void 0 && !isIPLiteral(host) && hasMalformedPercentEncoding(host) || hasMalformedPercentEncoding(matches[6]) || hasMalformedPercentEncoding(matches[7]) || hasMalformedPercentEncoding(matches[8]);
    }
    function canonicalizeHost(parsed, options, schemeHandler, isIP) {
      if (hasForbiddenDomainHost(parsed, options, schemeHandler, isIP)) {
        parsed.error = parsed.error || MALFORMED_HOST_ERROR;
        return true;
      }
      if (!options.unicodeSupport && (!schemeHandler || !schemeHandler.unicodeSupport) && parsed.host && !isIPLiteral(parsed.host) && (options.domainHost || schemeHandler && schemeHandler.domainHost) && isIP === false && nonSimpleDomain(parsed.host)) {
        let url;
        try {
          url = new URL("http://" + parsed.host);
        } catch (e) {
          parsed.error = parsed.error || "Host's domain name can not be converted to ASCII: " + e;
          return true;
        }
        if (!isHostOnlyURL(url)) {
          parsed.error = parsed.error || MALFORMED_HOST_ERROR;
          return true;
        }
        parsed.host = url.hostname;
      }
      return false;
    }
    function hasForbiddenDomainHost(parsed, options, schemeHandler, isIP) {
      return Boolean(
        parsed.host && isIP === false && !isIPLiteral(parsed.host) && (options.domainHost || schemeHandler && schemeHandler.domainHost) && FORBIDDEN_DOMAIN_HOST_CHARACTER.test(parsed.host)
      );
    }
    function isHostOnlyURL(url) {
      return url.username === "" && url.password === "" && url.port === "" && url.pathname === "/" && url.search === "" && url.hash === "" && url.hostname !== "";
    }
    function parseWithStatus(uri, opts) {
      const options = Object.assign({}, opts);
      const parsed = {
        scheme: void 0,
        userinfo: void 0,
        host: "",
        port: void 0,
        path: "",
        query: void 0,
        fragment: void 0
      };
      let malformedAuthorityOrPort = false;
      let malformedPercentEncoding = false;
      let malformedSchemeSpecific = false;
      let malformedHost = false;
      let malformedIPLiteral = false;
      let malformedScheme = false;
      let isIP = false;
      if (options.reference === "suffix") {
        if (options.scheme) {
          uri = options.scheme + ":" + uri;
        } else {
          uri = "//" + uri;
        }
      }
      const authorityMatch = uri.match(AUTHORITY_PREFIX);
      if (authorityMatch !== null && authorityMatch[1].indexOf("\\") !== -1) {
        parsed.error = "URI authority must not contain a literal backslash.";
        malformedAuthorityOrPort = true;
      }
      const introducerMatch = uri.match(AUTHORITY_INTRODUCER_REGION);
      if (introducerMatch !== null) {
        const region = introducerMatch[1];
        const normalizedRegion = region.replace(/[\t\n\r]/g, "");
        if (normalizedRegion.length >= 2) {
          if (normalizedRegion.slice(0, 2) !== "//") {
            parsed.error = parsed.error || "URI authority must not contain a literal backslash.";
            malformedAuthorityOrPort = true;
          } else if (region.length !== normalizedRegion.length) {
            parsed.error = parsed.error || "URI authority introducer must not contain whitespace.";
            malformedAuthorityOrPort = true;
          }
        }
      }
      const matches = uri.match(URI_PARSE);
      if (matches) {
        parsed.scheme = matches[1];
        parsed.userinfo = matches[3];
        parsed.host = matches[4];
        parsed.port = parseInt(matches[5], 10);
        parsed.path = matches[6] || "";
        parsed.query = matches[7];
        parsed.fragment = matches[8];
        if (parsed.scheme !== void 0) {
          if (VALID_SCHEME.test(parsed.scheme)) {
            parsed.scheme = parsed.scheme.toLowerCase();
          } else {
            parsed.error = parsed.error || MALFORMED_SCHEME_ERROR;
            malformedScheme = true;
          }
        }
        malformedPercentEncoding = hasMalformedComponentPercentEncoding(matches);
        if (malformedPercentEncoding) {
          parsed.error = parsed.error || "URI contains malformed percent-encoding.";
        }
        if (isNaN(parsed.port)) {
          parsed.port = matches[5];
        }
        const parseError = getParseError(parsed, matches);
        if (parseError !== void 0) {
          parsed.error = parsed.error || parseError;
          malformedAuthorityOrPort = true;
        }
        if (parsed.host) {
          const ipv4result = isIPv4(parsed.host);
          if (ipv4result === false) {
            const bracketedIPLiteral = isIPLiteral(parsed.host);
            const hasIPLiteralBracket = parsed.host.indexOf("[") !== -1 || parsed.host.indexOf("]") !== -1;
            const ipv6result = normalizeIPv6(parsed.host);
            isIP = ipv6result.isIPV6 || ipv6result.isIPVFuture === true;
            malformedIPLiteral = hasIPLiteralBracket && (!bracketedIPLiteral || ipv6result.error === true);
            parsed.host = isIP ? ipv6result.host : ipv6result.host.toLowerCase();
            if (malformedIPLiteral) {
              parsed.error = parsed.error || MALFORMED_HOST_ERROR;
              malformedAuthorityOrPort = true;
            }
          } else {
            isIP = true;
          }
        }
        if (parsed.scheme === void 0 && parsed.userinfo === void 0 && parsed.host === void 0 && parsed.port === void 0 && parsed.query === void 0 && !parsed.path) {
          parsed.reference = "same-document";
        } else if (parsed.scheme === void 0) {
          parsed.reference = "relative";
        } else if (parsed.fragment === void 0) {
          parsed.reference = "absolute";
        } else {
          parsed.reference = "uri";
        }
        if (options.reference && options.reference !== "suffix" && options.reference !== parsed.reference) {
          parsed.error = parsed.error || "URI is not a " + options.reference + " reference.";
        }
        const schemeHandler = getSchemeHandler(options.scheme || parsed.scheme);
        if (!malformedIPLiteral) {
          malformedHost = canonicalizeHost(parsed, options, schemeHandler, isIP);
        }
        if (uri.indexOf("%") !== -1 && parsed.host !== void 0 && !malformedIPLiteral) {
          let host = isIP ? parsed.host : normalizePercentEncoding(parsed.host, true);
          if (!isIP) {
            host = normalizePercentEncoding(host.toLowerCase());
          }
          parsed.host = isIP || options.scheme !== "null" ? reescapeHostDelimiters(host, isIP) : host;
        }
        if (!schemeHandler || schemeHandler && !schemeHandler.skipNormalize) {
          if (parsed.path) {
            parsed.path = normalizePathEncoding(parsed.path);
          }
          if (parsed.query) {
            parsed.query = normalizeQueryFragmentEncoding(parsed.query);
          }
          if (parsed.fragment) {
            parsed.fragment = normalizeQueryFragmentEncoding(parsed.fragment);
          }
        }
        if (schemeHandler && schemeHandler.parse) {
          schemeHandler.parse(parsed, options);
          if (schemeHandler === SCHEMES.urn && parsed.nid === void 0) {
            malformedSchemeSpecific = true;
          }
        }
      } else {
        parsed.error = parsed.error || "URI can not be parsed.";
      }
      return { parsed, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme };
    }
    function parse2(uri, opts) {
      return parseWithStatus(uri, opts).parsed;
    }
    function normalizeString(uri, opts) {
      return normalizeStringWithStatus(uri, opts).normalized;
    }
    function normalizeStringWithStatus(uri, opts) {
      const { parsed, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme } = parseWithStatus(uri, opts);
      return {
        normalized: malformedAuthorityOrPort || malformedPercentEncoding || malformedSchemeSpecific || malformedHost || malformedScheme ? uri : serialize(parsed, opts),
        malformedAuthorityOrPort,
        malformedPercentEncoding,
        malformedSchemeSpecific,
        malformedHost,
        malformedScheme
      };
    }
    function normalizeComparableURI(uri, opts) {
      if (typeof uri !== "string" && typeof uri !== "object") {
        return void 0;
      }
      let value;
      try {
        value = typeof uri === "string" ? uri : serialize(uri, opts);
      } catch {
        return void 0;
      }
      const { normalized, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme } = normalizeStringWithStatus(value, opts);
      return malformedAuthorityOrPort || malformedPercentEncoding || malformedSchemeSpecific || malformedHost || malformedScheme ? void 0 : normalized;
    }
    var fastUri = {
      SCHEMES,
      normalize: normalize2,
      resolve: resolve5,
      resolveComponent,
      equal,
      serialize,
      parse: parse2
    };
    module.exports = fastUri;
    module.exports.default = fastUri;
    module.exports.fastUri = fastUri;
  }
});

// node_modules/ajv/dist/runtime/uri.js
var require_uri = __commonJS({
  "node_modules/ajv/dist/runtime/uri.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var uri = require_fast_uri();
    uri.code = 'require("ajv/dist/runtime/uri").default';
    exports.default = uri;
  }
});

// node_modules/ajv/dist/core.js
var require_core = __commonJS({
  "node_modules/ajv/dist/core.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CodeGen = exports.Name = exports.nil = exports.stringify = exports.str = exports._ = exports.KeywordCxt = void 0;
    var validate_1 = require_validate();
    Object.defineProperty(exports, "KeywordCxt", { enumerable: true, get: function() {
      return validate_1.KeywordCxt;
    } });
    var codegen_1 = require_codegen();
    Object.defineProperty(exports, "_", { enumerable: true, get: function() {
      return codegen_1._;
    } });
    Object.defineProperty(exports, "str", { enumerable: true, get: function() {
      return codegen_1.str;
    } });
    Object.defineProperty(exports, "stringify", { enumerable: true, get: function() {
      return codegen_1.stringify;
    } });
    Object.defineProperty(exports, "nil", { enumerable: true, get: function() {
      return codegen_1.nil;
    } });
    Object.defineProperty(exports, "Name", { enumerable: true, get: function() {
      return codegen_1.Name;
    } });
    Object.defineProperty(exports, "CodeGen", { enumerable: true, get: function() {
      return codegen_1.CodeGen;
    } });
    var validation_error_1 = require_validation_error();
    var ref_error_1 = require_ref_error();
    var rules_1 = require_rules();
    var compile_1 = require_compile();
    var codegen_2 = require_codegen();
    var resolve_1 = require_resolve();
    var dataType_1 = require_dataType();
    var util_1 = require_util();
    var $dataRefSchema = require_data();
    var uri_1 = require_uri();
    var defaultRegExp = (str, flags) => new RegExp(str, flags);
    defaultRegExp.code = "new RegExp";
    var META_IGNORE_OPTIONS = ["removeAdditional", "useDefaults", "coerceTypes"];
    var EXT_SCOPE_NAMES = /* @__PURE__ */ new Set([
      "validate",
      "serialize",
      "parse",
      "wrapper",
      "root",
      "schema",
      "keyword",
      "pattern",
      "formats",
      "validate$data",
      "func",
      "obj",
      "Error"
    ]);
    var removedOptions = {
      errorDataPath: "",
      format: "`validateFormats: false` can be used instead.",
      nullable: '"nullable" keyword is supported by default.',
      jsonPointers: "Deprecated jsPropertySyntax can be used instead.",
      extendRefs: "Deprecated ignoreKeywordsWithRef can be used instead.",
      missingRefs: "Pass empty schema with $id that should be ignored to ajv.addSchema.",
      processCode: "Use option `code: {process: (code, schemaEnv: object) => string}`",
      sourceCode: "Use option `code: {source: true}`",
      strictDefaults: "It is default now, see option `strict`.",
      strictKeywords: "It is default now, see option `strict`.",
      uniqueItems: '"uniqueItems" keyword is always validated.',
      unknownFormats: "Disable strict mode or pass `true` to `ajv.addFormat` (or `formats` option).",
      cache: "Map is used as cache, schema object as key.",
      serialize: "Map is used as cache, schema object as key.",
      ajvErrors: "It is default now."
    };
    var deprecatedOptions = {
      ignoreKeywordsWithRef: "",
      jsPropertySyntax: "",
      unicode: '"minLength"/"maxLength" account for unicode characters by default.'
    };
    var MAX_EXPRESSION = 200;
    function requiredOptions(o) {
      var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x, _y, _z, _0;
      const s = o.strict;
      const _optz = (_a = o.code) === null || _a === void 0 ? void 0 : _a.optimize;
      const optimize = _optz === true || _optz === void 0 ? 1 : _optz || 0;
      const regExp = (_c = (_b = o.code) === null || _b === void 0 ? void 0 : _b.regExp) !== null && _c !== void 0 ? _c : defaultRegExp;
      const uriResolver = (_d = o.uriResolver) !== null && _d !== void 0 ? _d : uri_1.default;
      return {
        strictSchema: (_f = (_e = o.strictSchema) !== null && _e !== void 0 ? _e : s) !== null && _f !== void 0 ? _f : true,
        strictNumbers: (_h = (_g = o.strictNumbers) !== null && _g !== void 0 ? _g : s) !== null && _h !== void 0 ? _h : true,
        strictTypes: (_k = (_j = o.strictTypes) !== null && _j !== void 0 ? _j : s) !== null && _k !== void 0 ? _k : "log",
        strictTuples: (_m = (_l = o.strictTuples) !== null && _l !== void 0 ? _l : s) !== null && _m !== void 0 ? _m : "log",
        strictRequired: (_p = (_o = o.strictRequired) !== null && _o !== void 0 ? _o : s) !== null && _p !== void 0 ? _p : false,
        code: o.code ? { ...o.code, optimize, regExp } : { optimize, regExp },
        loopRequired: (_q = o.loopRequired) !== null && _q !== void 0 ? _q : MAX_EXPRESSION,
        loopEnum: (_r = o.loopEnum) !== null && _r !== void 0 ? _r : MAX_EXPRESSION,
        meta: (_s = o.meta) !== null && _s !== void 0 ? _s : true,
        messages: (_t = o.messages) !== null && _t !== void 0 ? _t : true,
        inlineRefs: (_u = o.inlineRefs) !== null && _u !== void 0 ? _u : true,
        schemaId: (_v = o.schemaId) !== null && _v !== void 0 ? _v : "$id",
        addUsedSchema: (_w = o.addUsedSchema) !== null && _w !== void 0 ? _w : true,
        validateSchema: (_x = o.validateSchema) !== null && _x !== void 0 ? _x : true,
        validateFormats: (_y = o.validateFormats) !== null && _y !== void 0 ? _y : true,
        unicodeRegExp: (_z = o.unicodeRegExp) !== null && _z !== void 0 ? _z : true,
        int32range: (_0 = o.int32range) !== null && _0 !== void 0 ? _0 : true,
        uriResolver
      };
    }
    var Ajv3 = class {
      constructor(opts = {}) {
        this.schemas = {};
        this.refs = {};
        this.formats = /* @__PURE__ */ Object.create(null);
        this._compilations = /* @__PURE__ */ new Set();
        this._loading = {};
        this._cache = /* @__PURE__ */ new Map();
        opts = this.opts = { ...opts, ...requiredOptions(opts) };
        const { es5, lines } = this.opts.code;
        this.scope = new codegen_2.ValueScope({ scope: {}, prefixes: EXT_SCOPE_NAMES, es5, lines });
        this.logger = getLogger(opts.logger);
        const formatOpt = opts.validateFormats;
        opts.validateFormats = false;
        this.RULES = (0, rules_1.getRules)();
        checkOptions.call(this, removedOptions, opts, "NOT SUPPORTED");
        checkOptions.call(this, deprecatedOptions, opts, "DEPRECATED", "warn");
        this._metaOpts = getMetaSchemaOptions.call(this);
        if (opts.formats)
          addInitialFormats.call(this);
        this._addVocabularies();
        this._addDefaultMetaSchema();
        if (opts.keywords)
          addInitialKeywords.call(this, opts.keywords);
        if (typeof opts.meta == "object")
          this.addMetaSchema(opts.meta);
        addInitialSchemas.call(this);
        opts.validateFormats = formatOpt;
      }
      _addVocabularies() {
        this.addKeyword("$async");
      }
      _addDefaultMetaSchema() {
        const { $data, meta, schemaId } = this.opts;
        let _dataRefSchema = $dataRefSchema;
        if (schemaId === "id") {
          _dataRefSchema = { ...$dataRefSchema };
          _dataRefSchema.id = _dataRefSchema.$id;
          delete _dataRefSchema.$id;
        }
        if (meta && $data)
          this.addMetaSchema(_dataRefSchema, _dataRefSchema[schemaId], false);
      }
      defaultMeta() {
        const { meta, schemaId } = this.opts;
        return this.opts.defaultMeta = typeof meta == "object" ? meta[schemaId] || meta : void 0;
      }
      validate(schemaKeyRef, data) {
        let v;
        if (typeof schemaKeyRef == "string") {
          v = this.getSchema(schemaKeyRef);
          if (!v)
            throw new Error(`no schema with key or ref "${schemaKeyRef}"`);
        } else {
          v = this.compile(schemaKeyRef);
        }
        const valid = v(data);
        if (!("$async" in v))
          this.errors = v.errors;
        return valid;
      }
      compile(schema, _meta) {
        const sch = this._addSchema(schema, _meta);
        return sch.validate || this._compileSchemaEnv(sch);
      }
      compileAsync(schema, meta) {
        if (typeof this.opts.loadSchema != "function") {
          throw new Error("options.loadSchema should be a function");
        }
        const { loadSchema } = this.opts;
        return runCompileAsync.call(this, schema, meta);
        async function runCompileAsync(_schema, _meta) {
          await loadMetaSchema.call(this, _schema.$schema);
          const sch = this._addSchema(_schema, _meta);
          return sch.validate || _compileAsync.call(this, sch);
        }
        async function loadMetaSchema($ref) {
          if ($ref && !this.getSchema($ref)) {
            await runCompileAsync.call(this, { $ref }, true);
          }
        }
        async function _compileAsync(sch) {
          try {
            return this._compileSchemaEnv(sch);
          } catch (e) {
            if (!(e instanceof ref_error_1.default))
              throw e;
            checkLoaded.call(this, e);
            await loadMissingSchema.call(this, e.missingSchema);
            return _compileAsync.call(this, sch);
          }
        }
        function checkLoaded({ missingSchema: ref, missingRef }) {
          if (this.refs[ref]) {
            throw new Error(`AnySchema ${ref} is loaded but ${missingRef} cannot be resolved`);
          }
        }
        async function loadMissingSchema(ref) {
          const _schema = await _loadSchema.call(this, ref);
          if (!this.refs[ref])
            await loadMetaSchema.call(this, _schema.$schema);
          if (!this.refs[ref])
            this.addSchema(_schema, ref, meta);
        }
        async function _loadSchema(ref) {
          const p = this._loading[ref];
          if (p)
            return p;
          try {
            return await (this._loading[ref] = loadSchema(ref));
          } finally {
            delete this._loading[ref];
          }
        }
      }
      // Adds schema to the instance
      addSchema(schema, key, _meta, _validateSchema = this.opts.validateSchema) {
        if (Array.isArray(schema)) {
          for (const sch of schema)
            this.addSchema(sch, void 0, _meta, _validateSchema);
          return this;
        }
        let id;
        if (typeof schema === "object") {
          const { schemaId } = this.opts;
          id = schema[schemaId];
          if (id !== void 0 && typeof id != "string") {
            throw new Error(`schema ${schemaId} must be string`);
          }
        }
        key = (0, resolve_1.normalizeId)(key || id);
        this._checkUnique(key);
        this.schemas[key] = this._addSchema(schema, _meta, key, _validateSchema, true);
        return this;
      }
      // Add schema that will be used to validate other schemas
      // options in META_IGNORE_OPTIONS are alway set to false
      addMetaSchema(schema, key, _validateSchema = this.opts.validateSchema) {
        this.addSchema(schema, key, true, _validateSchema);
        return this;
      }
      //  Validate schema against its meta-schema
      validateSchema(schema, throwOrLogError) {
        if (typeof schema == "boolean")
          return true;
        let $schema;
        $schema = schema.$schema;
        if ($schema !== void 0 && typeof $schema != "string") {
          throw new Error("$schema must be a string");
        }
        $schema = $schema || this.opts.defaultMeta || this.defaultMeta();
        if (!$schema) {
          this.logger.warn("meta-schema not available");
          this.errors = null;
          return true;
        }
        const valid = this.validate($schema, schema);
        if (!valid && throwOrLogError) {
          const message = "schema is invalid: " + this.errorsText();
          if (this.opts.validateSchema === "log")
            this.logger.error(message);
          else
            throw new Error(message);
        }
        return valid;
      }
      // Get compiled schema by `key` or `ref`.
      // (`key` that was passed to `addSchema` or full schema reference - `schema.$id` or resolved id)
      getSchema(keyRef) {
        let sch;
        while (typeof (sch = getSchEnv.call(this, keyRef)) == "string")
          keyRef = sch;
        if (sch === void 0) {
          const { schemaId } = this.opts;
          const root = new compile_1.SchemaEnv({ schema: {}, schemaId });
          sch = compile_1.resolveSchema.call(this, root, keyRef);
          if (!sch)
            return;
          this.refs[keyRef] = sch;
        }
        return sch.validate || this._compileSchemaEnv(sch);
      }
      // Remove cached schema(s).
      // If no parameter is passed all schemas but meta-schemas are removed.
      // If RegExp is passed all schemas with key/id matching pattern but meta-schemas are removed.
      // Even if schema is referenced by other schemas it still can be removed as other schemas have local references.
      removeSchema(schemaKeyRef) {
        if (schemaKeyRef instanceof RegExp) {
          this._removeAllSchemas(this.schemas, schemaKeyRef);
          this._removeAllSchemas(this.refs, schemaKeyRef);
          return this;
        }
        switch (typeof schemaKeyRef) {
          case "undefined":
            this._removeAllSchemas(this.schemas);
            this._removeAllSchemas(this.refs);
            this._cache.clear();
            return this;
          case "string": {
            const sch = getSchEnv.call(this, schemaKeyRef);
            if (typeof sch == "object")
              this._cache.delete(sch.schema);
            delete this.schemas[schemaKeyRef];
            delete this.refs[schemaKeyRef];
            return this;
          }
          case "object": {
            const cacheKey = schemaKeyRef;
            this._cache.delete(cacheKey);
            let id = schemaKeyRef[this.opts.schemaId];
            if (id) {
              id = (0, resolve_1.normalizeId)(id);
              delete this.schemas[id];
              delete this.refs[id];
            }
            return this;
          }
          default:
            throw new Error("ajv.removeSchema: invalid parameter");
        }
      }
      // add "vocabulary" - a collection of keywords
      addVocabulary(definitions) {
        for (const def of definitions)
          this.addKeyword(def);
        return this;
      }
      addKeyword(kwdOrDef, def) {
        let keyword;
        if (typeof kwdOrDef == "string") {
          keyword = kwdOrDef;
          if (typeof def == "object") {
            this.logger.warn("these parameters are deprecated, see docs for addKeyword");
            def.keyword = keyword;
          }
        } else if (typeof kwdOrDef == "object" && def === void 0) {
          def = kwdOrDef;
          keyword = def.keyword;
          if (Array.isArray(keyword) && !keyword.length) {
            throw new Error("addKeywords: keyword must be string or non-empty array");
          }
        } else {
          throw new Error("invalid addKeywords parameters");
        }
        checkKeyword.call(this, keyword, def);
        if (!def) {
          (0, util_1.eachItem)(keyword, (kwd) => addRule.call(this, kwd));
          return this;
        }
        keywordMetaschema.call(this, def);
        const definition = {
          ...def,
          type: (0, dataType_1.getJSONTypes)(def.type),
          schemaType: (0, dataType_1.getJSONTypes)(def.schemaType)
        };
        (0, util_1.eachItem)(keyword, definition.type.length === 0 ? (k) => addRule.call(this, k, definition) : (k) => definition.type.forEach((t) => addRule.call(this, k, definition, t)));
        return this;
      }
      getKeyword(keyword) {
        const rule = this.RULES.all[keyword];
        return typeof rule == "object" ? rule.definition : !!rule;
      }
      // Remove keyword
      removeKeyword(keyword) {
        const { RULES: RULES2 } = this;
        delete RULES2.keywords[keyword];
        delete RULES2.all[keyword];
        for (const group of RULES2.rules) {
          const i = group.rules.findIndex((rule) => rule.keyword === keyword);
          if (i >= 0)
            group.rules.splice(i, 1);
        }
        return this;
      }
      // Add format
      addFormat(name, format) {
        if (typeof format == "string")
          format = new RegExp(format);
        this.formats[name] = format;
        return this;
      }
      errorsText(errors = this.errors, { separator = ", ", dataVar = "data" } = {}) {
        if (!errors || errors.length === 0)
          return "No errors";
        return errors.map((e) => `${dataVar}${e.instancePath} ${e.message}`).reduce((text, msg) => text + separator + msg);
      }
      $dataMetaSchema(metaSchema, keywordsJsonPointers) {
        const rules = this.RULES.all;
        metaSchema = JSON.parse(JSON.stringify(metaSchema));
        for (const jsonPointer of keywordsJsonPointers) {
          const segments = jsonPointer.split("/").slice(1);
          let keywords = metaSchema;
          for (const seg of segments)
            keywords = keywords[seg];
          for (const key in rules) {
            const rule = rules[key];
            if (typeof rule != "object")
              continue;
            const { $data } = rule.definition;
            const schema = keywords[key];
            if ($data && schema)
              keywords[key] = schemaOrData(schema);
          }
        }
        return metaSchema;
      }
      _removeAllSchemas(schemas, regex) {
        for (const keyRef in schemas) {
          const sch = schemas[keyRef];
          if (!regex || regex.test(keyRef)) {
            if (typeof sch == "string") {
              delete schemas[keyRef];
            } else if (sch && !sch.meta) {
              this._cache.delete(sch.schema);
              delete schemas[keyRef];
            }
          }
        }
      }
      _addSchema(schema, meta, baseId, validateSchema2 = this.opts.validateSchema, addSchema = this.opts.addUsedSchema) {
        let id;
        const { schemaId } = this.opts;
        if (typeof schema == "object") {
          id = schema[schemaId];
        } else {
          if (this.opts.jtd)
            throw new Error("schema must be object");
          else if (typeof schema != "boolean")
            throw new Error("schema must be object or boolean");
        }
        let sch = this._cache.get(schema);
        if (sch !== void 0)
          return sch;
        baseId = (0, resolve_1.normalizeId)(id || baseId);
        const localRefs = resolve_1.getSchemaRefs.call(this, schema, baseId);
        sch = new compile_1.SchemaEnv({ schema, schemaId, meta, baseId, localRefs });
        this._cache.set(sch.schema, sch);
        if (addSchema && !baseId.startsWith("#")) {
          if (baseId)
            this._checkUnique(baseId);
          this.refs[baseId] = sch;
        }
        if (validateSchema2)
          this.validateSchema(schema, true);
        return sch;
      }
      _checkUnique(id) {
        if (this.schemas[id] || this.refs[id]) {
          throw new Error(`schema with key or id "${id}" already exists`);
        }
      }
      _compileSchemaEnv(sch) {
        if (sch.meta)
          this._compileMetaSchema(sch);
        else
          compile_1.compileSchema.call(this, sch);
        if (!sch.validate)
          throw new Error("ajv implementation error");
        return sch.validate;
      }
      _compileMetaSchema(sch) {
        const currentOpts = this.opts;
        this.opts = this._metaOpts;
        try {
          compile_1.compileSchema.call(this, sch);
        } finally {
          this.opts = currentOpts;
        }
      }
    };
    Ajv3.ValidationError = validation_error_1.default;
    Ajv3.MissingRefError = ref_error_1.default;
    exports.default = Ajv3;
    function checkOptions(checkOpts, options, msg, log = "error") {
      for (const key in checkOpts) {
        const opt = key;
        if (opt in options)
          this.logger[log](`${msg}: option ${key}. ${checkOpts[opt]}`);
      }
    }
    function getSchEnv(keyRef) {
      keyRef = (0, resolve_1.normalizeId)(keyRef);
      return this.schemas[keyRef] || this.refs[keyRef];
    }
    function addInitialSchemas() {
      const optsSchemas = this.opts.schemas;
      if (!optsSchemas)
        return;
      if (Array.isArray(optsSchemas))
        this.addSchema(optsSchemas);
      else
        for (const key in optsSchemas)
          this.addSchema(optsSchemas[key], key);
    }
    function addInitialFormats() {
      for (const name in this.opts.formats) {
        const format = this.opts.formats[name];
        if (format)
          this.addFormat(name, format);
      }
    }
    function addInitialKeywords(defs) {
      if (Array.isArray(defs)) {
        this.addVocabulary(defs);
        return;
      }
      this.logger.warn("keywords option as map is deprecated, pass array");
      for (const keyword in defs) {
        const def = defs[keyword];
        if (!def.keyword)
          def.keyword = keyword;
        this.addKeyword(def);
      }
    }
    function getMetaSchemaOptions() {
      const metaOpts = { ...this.opts };
      for (const opt of META_IGNORE_OPTIONS)
        delete metaOpts[opt];
      return metaOpts;
    }
    var noLogs = { log() {
    }, warn() {
    }, error() {
    } };
    function getLogger(logger) {
      if (logger === false)
        return noLogs;
      if (logger === void 0)
        return console;
      if (logger.log && logger.warn && logger.error)
        return logger;
      throw new Error("logger must implement log, warn and error methods");
    }
    var KEYWORD_NAME = /^[a-z_$][a-z0-9_$:-]*$/i;
    function checkKeyword(keyword, def) {
      const { RULES: RULES2 } = this;
      (0, util_1.eachItem)(keyword, (kwd) => {
        if (RULES2.keywords[kwd])
          throw new Error(`Keyword ${kwd} is already defined`);
        if (!KEYWORD_NAME.test(kwd))
          throw new Error(`Keyword ${kwd} has invalid name`);
      });
      if (!def)
        return;
      if (def.$data && !("code" in def || "validate" in def)) {
        throw new Error('$data keyword must have "code" or "validate" function');
      }
    }
    function addRule(keyword, definition, dataType) {
      var _a;
      const post = definition === null || definition === void 0 ? void 0 : definition.post;
      if (dataType && post)
        throw new Error('keyword with "post" flag cannot have "type"');
      const { RULES: RULES2 } = this;
      let ruleGroup = post ? RULES2.post : RULES2.rules.find(({ type: t }) => t === dataType);
      if (!ruleGroup) {
        ruleGroup = { type: dataType, rules: [] };
        RULES2.rules.push(ruleGroup);
      }
      RULES2.keywords[keyword] = true;
      if (!definition)
        return;
      const rule = {
        keyword,
        definition: {
          ...definition,
          type: (0, dataType_1.getJSONTypes)(definition.type),
          schemaType: (0, dataType_1.getJSONTypes)(definition.schemaType)
        }
      };
      if (definition.before)
        addBeforeRule.call(this, ruleGroup, rule, definition.before);
      else
        ruleGroup.rules.push(rule);
      RULES2.all[keyword] = rule;
      (_a = definition.implements) === null || _a === void 0 ? void 0 : _a.forEach((kwd) => this.addKeyword(kwd));
    }
    function addBeforeRule(ruleGroup, rule, before) {
      const i = ruleGroup.rules.findIndex((_rule) => _rule.keyword === before);
      if (i >= 0) {
        ruleGroup.rules.splice(i, 0, rule);
      } else {
        ruleGroup.rules.push(rule);
        this.logger.warn(`rule ${before} is not defined`);
      }
    }
    function keywordMetaschema(def) {
      let { metaSchema } = def;
      if (metaSchema === void 0)
        return;
      if (def.$data && this.opts.$data)
        metaSchema = schemaOrData(metaSchema);
      def.validateSchema = this.compile(metaSchema, true);
    }
    var $dataRef = {
      $ref: "https://raw.githubusercontent.com/ajv-validator/ajv/master/lib/refs/data.json#"
    };
    function schemaOrData(schema) {
      return { anyOf: [schema, $dataRef] };
    }
  }
});

// node_modules/ajv/dist/vocabularies/core/id.js
var require_id = __commonJS({
  "node_modules/ajv/dist/vocabularies/core/id.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var def = {
      keyword: "id",
      code() {
        throw new Error('NOT SUPPORTED: keyword "id", use "$id" for schema ID');
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/core/ref.js
var require_ref = __commonJS({
  "node_modules/ajv/dist/vocabularies/core/ref.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.callRef = exports.getValidate = void 0;
    var ref_error_1 = require_ref_error();
    var code_1 = require_code2();
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var compile_1 = require_compile();
    var util_1 = require_util();
    var def = {
      keyword: "$ref",
      schemaType: "string",
      code(cxt) {
        const { gen, schema: $ref, it } = cxt;
        const { baseId, schemaEnv: env, validateName, opts, self } = it;
        const { root } = env;
        if (($ref === "#" || $ref === "#/") && baseId === root.baseId)
          return callRootRef();
        const schOrEnv = compile_1.resolveRef.call(self, root, baseId, $ref);
        if (schOrEnv === void 0)
          throw new ref_error_1.default(it.opts.uriResolver, baseId, $ref);
        if (schOrEnv instanceof compile_1.SchemaEnv)
          return callValidate(schOrEnv);
        return inlineRefSchema(schOrEnv);
        function callRootRef() {
          if (env === root)
            return callRef(cxt, validateName, env, env.$async);
          const rootName = gen.scopeValue("root", { ref: root });
          return callRef(cxt, (0, codegen_1._)`${rootName}.validate`, root, root.$async);
        }
        function callValidate(sch) {
          const v = getValidate(cxt, sch);
          callRef(cxt, v, sch, sch.$async);
        }
        function inlineRefSchema(sch) {
          const schName = gen.scopeValue("schema", opts.code.source === true ? { ref: sch, code: (0, codegen_1.stringify)(sch) } : { ref: sch });
          const valid = gen.name("valid");
          const schCxt = cxt.subschema({
            schema: sch,
            dataTypes: [],
            schemaPath: codegen_1.nil,
            topSchemaRef: schName,
            errSchemaPath: $ref
          }, valid);
          cxt.mergeEvaluated(schCxt);
          cxt.ok(valid);
        }
      }
    };
    function getValidate(cxt, sch) {
      const { gen } = cxt;
      return sch.validate ? gen.scopeValue("validate", { ref: sch.validate }) : (0, codegen_1._)`${gen.scopeValue("wrapper", { ref: sch })}.validate`;
    }
    exports.getValidate = getValidate;
    function callRef(cxt, v, sch, $async) {
      const { gen, it } = cxt;
      const { allErrors, schemaEnv: env, opts } = it;
      const passCxt = opts.passContext ? names_1.default.this : codegen_1.nil;
      if ($async)
        callAsyncRef();
      else
        callSyncRef();
      function callAsyncRef() {
        if (!env.$async)
          throw new Error("async schema referenced by sync schema");
        const valid = gen.let("valid");
        gen.try(() => {
          gen.code((0, codegen_1._)`await ${(0, code_1.callValidateCode)(cxt, v, passCxt)}`);
          addEvaluatedFrom(v);
          if (!allErrors)
            gen.assign(valid, true);
        }, (e) => {
          gen.if((0, codegen_1._)`!(${e} instanceof ${it.ValidationError})`, () => gen.throw(e));
          addErrorsFrom(e);
          if (!allErrors)
            gen.assign(valid, false);
        });
        cxt.ok(valid);
      }
      function callSyncRef() {
        cxt.result((0, code_1.callValidateCode)(cxt, v, passCxt), () => addEvaluatedFrom(v), () => addErrorsFrom(v));
      }
      function addErrorsFrom(source) {
        const errs = (0, codegen_1._)`${source}.errors`;
        gen.assign(names_1.default.vErrors, (0, codegen_1._)`${names_1.default.vErrors} === null ? ${errs} : ${names_1.default.vErrors}.concat(${errs})`);
        gen.assign(names_1.default.errors, (0, codegen_1._)`${names_1.default.vErrors}.length`);
      }
      function addEvaluatedFrom(source) {
        var _a;
        if (!it.opts.unevaluated)
          return;
        const schEvaluated = (_a = sch === null || sch === void 0 ? void 0 : sch.validate) === null || _a === void 0 ? void 0 : _a.evaluated;
        if (it.props !== true) {
          if (schEvaluated && !schEvaluated.dynamicProps) {
            if (schEvaluated.props !== void 0) {
              it.props = util_1.mergeEvaluated.props(gen, schEvaluated.props, it.props);
            }
          } else {
            const props = gen.var("props", (0, codegen_1._)`${source}.evaluated.props`);
            it.props = util_1.mergeEvaluated.props(gen, props, it.props, codegen_1.Name);
          }
        }
        if (it.items !== true) {
          if (schEvaluated && !schEvaluated.dynamicItems) {
            if (schEvaluated.items !== void 0) {
              it.items = util_1.mergeEvaluated.items(gen, schEvaluated.items, it.items);
            }
          } else {
            const items = gen.var("items", (0, codegen_1._)`${source}.evaluated.items`);
            it.items = util_1.mergeEvaluated.items(gen, items, it.items, codegen_1.Name);
          }
        }
      }
    }
    exports.callRef = callRef;
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/core/index.js
var require_core2 = __commonJS({
  "node_modules/ajv/dist/vocabularies/core/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var id_1 = require_id();
    var ref_1 = require_ref();
    var core = [
      "$schema",
      "$id",
      "$defs",
      "$vocabulary",
      { keyword: "$comment" },
      "definitions",
      id_1.default,
      ref_1.default
    ];
    exports.default = core;
  }
});

// node_modules/ajv/dist/vocabularies/validation/limitNumber.js
var require_limitNumber = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/limitNumber.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var ops = codegen_1.operators;
    var KWDs = {
      maximum: { okStr: "<=", ok: ops.LTE, fail: ops.GT },
      minimum: { okStr: ">=", ok: ops.GTE, fail: ops.LT },
      exclusiveMaximum: { okStr: "<", ok: ops.LT, fail: ops.GTE },
      exclusiveMinimum: { okStr: ">", ok: ops.GT, fail: ops.LTE }
    };
    var error = {
      message: ({ keyword, schemaCode }) => (0, codegen_1.str)`must be ${KWDs[keyword].okStr} ${schemaCode}`,
      params: ({ keyword, schemaCode }) => (0, codegen_1._)`{comparison: ${KWDs[keyword].okStr}, limit: ${schemaCode}}`
    };
    var def = {
      keyword: Object.keys(KWDs),
      type: "number",
      schemaType: "number",
      $data: true,
      error,
      code(cxt) {
        const { keyword, data, schemaCode } = cxt;
        cxt.fail$data((0, codegen_1._)`${data} ${KWDs[keyword].fail} ${schemaCode} || isNaN(${data})`);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/multipleOf.js
var require_multipleOf = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/multipleOf.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var error = {
      message: ({ schemaCode }) => (0, codegen_1.str)`must be multiple of ${schemaCode}`,
      params: ({ schemaCode }) => (0, codegen_1._)`{multipleOf: ${schemaCode}}`
    };
    var def = {
      keyword: "multipleOf",
      type: "number",
      schemaType: "number",
      $data: true,
      error,
      code(cxt) {
        const { gen, data, schemaCode, it } = cxt;
        const prec = it.opts.multipleOfPrecision;
        const res = gen.let("res");
        const invalid = prec ? (0, codegen_1._)`Math.abs(Math.round(${res}) - ${res}) > 1e-${prec}` : (0, codegen_1._)`${res} !== parseInt(${res})`;
        cxt.fail$data((0, codegen_1._)`(${schemaCode} === 0 || (${res} = ${data}/${schemaCode}, ${invalid}))`);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/runtime/ucs2length.js
var require_ucs2length = __commonJS({
  "node_modules/ajv/dist/runtime/ucs2length.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    function ucs2length(str) {
      const len = str.length;
      let length = 0;
      let pos = 0;
      let value;
      while (pos < len) {
        length++;
        value = str.charCodeAt(pos++);
        if (value >= 55296 && value <= 56319 && pos < len) {
          value = str.charCodeAt(pos);
          if ((value & 64512) === 56320)
            pos++;
        }
      }
      return length;
    }
    exports.default = ucs2length;
    ucs2length.code = 'require("ajv/dist/runtime/ucs2length").default';
  }
});

// node_modules/ajv/dist/vocabularies/validation/limitLength.js
var require_limitLength = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/limitLength.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var ucs2length_1 = require_ucs2length();
    var error = {
      message({ keyword, schemaCode }) {
        const comp = keyword === "maxLength" ? "more" : "fewer";
        return (0, codegen_1.str)`must NOT have ${comp} than ${schemaCode} characters`;
      },
      params: ({ schemaCode }) => (0, codegen_1._)`{limit: ${schemaCode}}`
    };
    var def = {
      keyword: ["maxLength", "minLength"],
      type: "string",
      schemaType: "number",
      $data: true,
      error,
      code(cxt) {
        const { keyword, data, schemaCode, it } = cxt;
        const op = keyword === "maxLength" ? codegen_1.operators.GT : codegen_1.operators.LT;
        const len = it.opts.unicode === false ? (0, codegen_1._)`${data}.length` : (0, codegen_1._)`${(0, util_1.useFunc)(cxt.gen, ucs2length_1.default)}(${data})`;
        cxt.fail$data((0, codegen_1._)`${len} ${op} ${schemaCode}`);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/pattern.js
var require_pattern = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/pattern.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var code_1 = require_code2();
    var util_1 = require_util();
    var codegen_1 = require_codegen();
    var error = {
      message: ({ schemaCode }) => (0, codegen_1.str)`must match pattern "${schemaCode}"`,
      params: ({ schemaCode }) => (0, codegen_1._)`{pattern: ${schemaCode}}`
    };
    var def = {
      keyword: "pattern",
      type: "string",
      schemaType: "string",
      $data: true,
      error,
      code(cxt) {
        const { gen, data, $data, schema, schemaCode, it } = cxt;
        const u = it.opts.unicodeRegExp ? "u" : "";
        if ($data) {
          const { regExp } = it.opts.code;
          const regExpCode = regExp.code === "new RegExp" ? (0, codegen_1._)`new RegExp` : (0, util_1.useFunc)(gen, regExp);
          const valid = gen.let("valid");
          gen.try(() => gen.assign(valid, (0, codegen_1._)`${regExpCode}(${schemaCode}, ${u}).test(${data})`), () => gen.assign(valid, false));
          cxt.fail$data((0, codegen_1._)`!${valid}`);
        } else {
          const regExp = (0, code_1.usePattern)(cxt, schema);
          cxt.fail$data((0, codegen_1._)`!${regExp}.test(${data})`);
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/limitProperties.js
var require_limitProperties = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/limitProperties.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var error = {
      message({ keyword, schemaCode }) {
        const comp = keyword === "maxProperties" ? "more" : "fewer";
        return (0, codegen_1.str)`must NOT have ${comp} than ${schemaCode} properties`;
      },
      params: ({ schemaCode }) => (0, codegen_1._)`{limit: ${schemaCode}}`
    };
    var def = {
      keyword: ["maxProperties", "minProperties"],
      type: "object",
      schemaType: "number",
      $data: true,
      error,
      code(cxt) {
        const { keyword, data, schemaCode } = cxt;
        const op = keyword === "maxProperties" ? codegen_1.operators.GT : codegen_1.operators.LT;
        cxt.fail$data((0, codegen_1._)`Object.keys(${data}).length ${op} ${schemaCode}`);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/required.js
var require_required = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/required.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var code_1 = require_code2();
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error = {
      message: ({ params: { missingProperty } }) => (0, codegen_1.str)`must have required property '${missingProperty}'`,
      params: ({ params: { missingProperty } }) => (0, codegen_1._)`{missingProperty: ${missingProperty}}`
    };
    var def = {
      keyword: "required",
      type: "object",
      schemaType: "array",
      $data: true,
      error,
      code(cxt) {
        const { gen, schema, schemaCode, data, $data, it } = cxt;
        const { opts } = it;
        if (!$data && schema.length === 0)
          return;
        const useLoop = schema.length >= opts.loopRequired;
        if (it.allErrors)
          allErrorsMode();
        else
          exitOnErrorMode();
        if (opts.strictRequired) {
          const props = cxt.parentSchema.properties;
          const { definedProperties } = cxt.it;
          for (const requiredKey of schema) {
            if ((props === null || props === void 0 ? void 0 : props[requiredKey]) === void 0 && !definedProperties.has(requiredKey)) {
              const schemaPath = it.schemaEnv.baseId + it.errSchemaPath;
              const msg = `required property "${requiredKey}" is not defined at "${schemaPath}" (strictRequired)`;
              (0, util_1.checkStrictMode)(it, msg, it.opts.strictRequired);
            }
          }
        }
        function allErrorsMode() {
          if (useLoop || $data) {
            cxt.block$data(codegen_1.nil, loopAllRequired);
          } else {
            for (const prop of schema) {
              (0, code_1.checkReportMissingProp)(cxt, prop);
            }
          }
        }
        function exitOnErrorMode() {
          const missing = gen.let("missing");
          if (useLoop || $data) {
            const valid = gen.let("valid", true);
            cxt.block$data(valid, () => loopUntilMissing(missing, valid));
            cxt.ok(valid);
          } else {
            gen.if((0, code_1.checkMissingProp)(cxt, schema, missing));
            (0, code_1.reportMissingProp)(cxt, missing);
            gen.else();
          }
        }
        function loopAllRequired() {
          gen.forOf("prop", schemaCode, (prop) => {
            cxt.setParams({ missingProperty: prop });
            gen.if((0, code_1.noPropertyInData)(gen, data, prop, opts.ownProperties), () => cxt.error());
          });
        }
        function loopUntilMissing(missing, valid) {
          cxt.setParams({ missingProperty: missing });
          gen.forOf(missing, schemaCode, () => {
            gen.assign(valid, (0, code_1.propertyInData)(gen, data, missing, opts.ownProperties));
            gen.if((0, codegen_1.not)(valid), () => {
              cxt.error();
              gen.break();
            });
          }, codegen_1.nil);
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/limitItems.js
var require_limitItems = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/limitItems.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var error = {
      message({ keyword, schemaCode }) {
        const comp = keyword === "maxItems" ? "more" : "fewer";
        return (0, codegen_1.str)`must NOT have ${comp} than ${schemaCode} items`;
      },
      params: ({ schemaCode }) => (0, codegen_1._)`{limit: ${schemaCode}}`
    };
    var def = {
      keyword: ["maxItems", "minItems"],
      type: "array",
      schemaType: "number",
      $data: true,
      error,
      code(cxt) {
        const { keyword, data, schemaCode } = cxt;
        const op = keyword === "maxItems" ? codegen_1.operators.GT : codegen_1.operators.LT;
        cxt.fail$data((0, codegen_1._)`${data}.length ${op} ${schemaCode}`);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/runtime/equal.js
var require_equal = __commonJS({
  "node_modules/ajv/dist/runtime/equal.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var equal = require_fast_deep_equal();
    equal.code = 'require("ajv/dist/runtime/equal").default';
    exports.default = equal;
  }
});

// node_modules/ajv/dist/vocabularies/validation/uniqueItems.js
var require_uniqueItems = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/uniqueItems.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var dataType_1 = require_dataType();
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var equal_1 = require_equal();
    var error = {
      message: ({ params: { i, j } }) => (0, codegen_1.str)`must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
      params: ({ params: { i, j } }) => (0, codegen_1._)`{i: ${i}, j: ${j}}`
    };
    var def = {
      keyword: "uniqueItems",
      type: "array",
      schemaType: "boolean",
      $data: true,
      error,
      code(cxt) {
        const { gen, data, $data, schema, parentSchema, schemaCode, it } = cxt;
        if (!$data && !schema)
          return;
        const valid = gen.let("valid");
        const itemTypes = parentSchema.items ? (0, dataType_1.getSchemaTypes)(parentSchema.items) : [];
        cxt.block$data(valid, validateUniqueItems, (0, codegen_1._)`${schemaCode} === false`);
        cxt.ok(valid);
        function validateUniqueItems() {
          const i = gen.let("i", (0, codegen_1._)`${data}.length`);
          const j = gen.let("j");
          cxt.setParams({ i, j });
          gen.assign(valid, true);
          gen.if((0, codegen_1._)`${i} > 1`, () => (canOptimize() ? loopN : loopN2)(i, j));
        }
        function canOptimize() {
          return itemTypes.length > 0 && !itemTypes.some((t) => t === "object" || t === "array");
        }
        function loopN(i, j) {
          const item = gen.name("item");
          const wrongType = (0, dataType_1.checkDataTypes)(itemTypes, item, it.opts.strictNumbers, dataType_1.DataType.Wrong);
          const indices = gen.const("indices", (0, codegen_1._)`{}`);
          gen.for((0, codegen_1._)`;${i}--;`, () => {
            gen.let(item, (0, codegen_1._)`${data}[${i}]`);
            gen.if(wrongType, (0, codegen_1._)`continue`);
            if (itemTypes.length > 1)
              gen.if((0, codegen_1._)`typeof ${item} == "string"`, (0, codegen_1._)`${item} += "_"`);
            gen.if((0, codegen_1._)`typeof ${indices}[${item}] == "number"`, () => {
              gen.assign(j, (0, codegen_1._)`${indices}[${item}]`);
              cxt.error();
              gen.assign(valid, false).break();
            }).code((0, codegen_1._)`${indices}[${item}] = ${i}`);
          });
        }
        function loopN2(i, j) {
          const eql = (0, util_1.useFunc)(gen, equal_1.default);
          const outer = gen.name("outer");
          gen.label(outer).for((0, codegen_1._)`;${i}--;`, () => gen.for((0, codegen_1._)`${j} = ${i}; ${j}--;`, () => gen.if((0, codegen_1._)`${eql}(${data}[${i}], ${data}[${j}])`, () => {
            cxt.error();
            gen.assign(valid, false).break(outer);
          })));
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/const.js
var require_const = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/const.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var equal_1 = require_equal();
    var error = {
      message: "must be equal to constant",
      params: ({ schemaCode }) => (0, codegen_1._)`{allowedValue: ${schemaCode}}`
    };
    var def = {
      keyword: "const",
      $data: true,
      error,
      code(cxt) {
        const { gen, data, $data, schemaCode, schema } = cxt;
        if ($data || schema && typeof schema == "object") {
          cxt.fail$data((0, codegen_1._)`!${(0, util_1.useFunc)(gen, equal_1.default)}(${data}, ${schemaCode})`);
        } else {
          cxt.fail((0, codegen_1._)`${schema} !== ${data}`);
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/enum.js
var require_enum = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/enum.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var equal_1 = require_equal();
    var error = {
      message: "must be equal to one of the allowed values",
      params: ({ schemaCode }) => (0, codegen_1._)`{allowedValues: ${schemaCode}}`
    };
    var def = {
      keyword: "enum",
      schemaType: "array",
      $data: true,
      error,
      code(cxt) {
        const { gen, data, $data, schema, schemaCode, it } = cxt;
        if (!$data && schema.length === 0)
          throw new Error("enum must have non-empty array");
        const useLoop = schema.length >= it.opts.loopEnum;
        let eql;
        const getEql = () => eql !== null && eql !== void 0 ? eql : eql = (0, util_1.useFunc)(gen, equal_1.default);
        let valid;
        if (useLoop || $data) {
          valid = gen.let("valid");
          cxt.block$data(valid, loopEnum);
        } else {
          if (!Array.isArray(schema))
            throw new Error("ajv implementation error");
          const vSchema = gen.const("vSchema", schemaCode);
          valid = (0, codegen_1.or)(...schema.map((_x, i) => equalCode(vSchema, i)));
        }
        cxt.pass(valid);
        function loopEnum() {
          gen.assign(valid, false);
          gen.forOf("v", schemaCode, (v) => gen.if((0, codegen_1._)`${getEql()}(${data}, ${v})`, () => gen.assign(valid, true).break()));
        }
        function equalCode(vSchema, i) {
          const sch = schema[i];
          return typeof sch === "object" && sch !== null ? (0, codegen_1._)`${getEql()}(${data}, ${vSchema}[${i}])` : (0, codegen_1._)`${data} === ${sch}`;
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/validation/index.js
var require_validation = __commonJS({
  "node_modules/ajv/dist/vocabularies/validation/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var limitNumber_1 = require_limitNumber();
    var multipleOf_1 = require_multipleOf();
    var limitLength_1 = require_limitLength();
    var pattern_1 = require_pattern();
    var limitProperties_1 = require_limitProperties();
    var required_1 = require_required();
    var limitItems_1 = require_limitItems();
    var uniqueItems_1 = require_uniqueItems();
    var const_1 = require_const();
    var enum_1 = require_enum();
    var validation = [
      // number
      limitNumber_1.default,
      multipleOf_1.default,
      // string
      limitLength_1.default,
      pattern_1.default,
      // object
      limitProperties_1.default,
      required_1.default,
      // array
      limitItems_1.default,
      uniqueItems_1.default,
      // any
      { keyword: "type", schemaType: ["string", "array"] },
      { keyword: "nullable", schemaType: "boolean" },
      const_1.default,
      enum_1.default
    ];
    exports.default = validation;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/additionalItems.js
var require_additionalItems = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/additionalItems.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.validateAdditionalItems = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error = {
      message: ({ params: { len } }) => (0, codegen_1.str)`must NOT have more than ${len} items`,
      params: ({ params: { len } }) => (0, codegen_1._)`{limit: ${len}}`
    };
    var def = {
      keyword: "additionalItems",
      type: "array",
      schemaType: ["boolean", "object"],
      before: "uniqueItems",
      error,
      code(cxt) {
        const { parentSchema, it } = cxt;
        const { items } = parentSchema;
        if (!Array.isArray(items)) {
          (0, util_1.checkStrictMode)(it, '"additionalItems" is ignored when "items" is not an array of schemas');
          return;
        }
        validateAdditionalItems(cxt, items);
      }
    };
    function validateAdditionalItems(cxt, items) {
      const { gen, schema, data, keyword, it } = cxt;
      it.items = true;
      const len = gen.const("len", (0, codegen_1._)`${data}.length`);
      if (schema === false) {
        cxt.setParams({ len: items.length });
        cxt.pass((0, codegen_1._)`${len} <= ${items.length}`);
      } else if (typeof schema == "object" && !(0, util_1.alwaysValidSchema)(it, schema)) {
        const valid = gen.var("valid", (0, codegen_1._)`${len} <= ${items.length}`);
        gen.if((0, codegen_1.not)(valid), () => validateItems(valid));
        cxt.ok(valid);
      }
      function validateItems(valid) {
        gen.forRange("i", items.length, len, (i) => {
          cxt.subschema({ keyword, dataProp: i, dataPropType: util_1.Type.Num }, valid);
          if (!it.allErrors)
            gen.if((0, codegen_1.not)(valid), () => gen.break());
        });
      }
    }
    exports.validateAdditionalItems = validateAdditionalItems;
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/items.js
var require_items = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/items.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.validateTuple = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var code_1 = require_code2();
    var def = {
      keyword: "items",
      type: "array",
      schemaType: ["object", "array", "boolean"],
      before: "uniqueItems",
      code(cxt) {
        const { schema, it } = cxt;
        if (Array.isArray(schema))
          return validateTuple(cxt, "additionalItems", schema);
        it.items = true;
        if ((0, util_1.alwaysValidSchema)(it, schema))
          return;
        cxt.ok((0, code_1.validateArray)(cxt));
      }
    };
    function validateTuple(cxt, extraItems, schArr = cxt.schema) {
      const { gen, parentSchema, data, keyword, it } = cxt;
      checkStrictTuple(parentSchema);
      if (it.opts.unevaluated && schArr.length && it.items !== true) {
        it.items = util_1.mergeEvaluated.items(gen, schArr.length, it.items);
      }
      const valid = gen.name("valid");
      const len = gen.const("len", (0, codegen_1._)`${data}.length`);
      schArr.forEach((sch, i) => {
        if ((0, util_1.alwaysValidSchema)(it, sch))
          return;
        gen.if((0, codegen_1._)`${len} > ${i}`, () => cxt.subschema({
          keyword,
          schemaProp: i,
          dataProp: i
        }, valid));
        cxt.ok(valid);
      });
      function checkStrictTuple(sch) {
        const { opts, errSchemaPath } = it;
        const l = schArr.length;
        const fullTuple = l === sch.minItems && (l === sch.maxItems || sch[extraItems] === false);
        if (opts.strictTuples && !fullTuple) {
          const msg = `"${keyword}" is ${l}-tuple, but minItems or maxItems/${extraItems} are not specified or different at path "${errSchemaPath}"`;
          (0, util_1.checkStrictMode)(it, msg, opts.strictTuples);
        }
      }
    }
    exports.validateTuple = validateTuple;
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/prefixItems.js
var require_prefixItems = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/prefixItems.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var items_1 = require_items();
    var def = {
      keyword: "prefixItems",
      type: "array",
      schemaType: ["array"],
      before: "uniqueItems",
      code: (cxt) => (0, items_1.validateTuple)(cxt, "items")
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/items2020.js
var require_items2020 = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/items2020.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var code_1 = require_code2();
    var additionalItems_1 = require_additionalItems();
    var error = {
      message: ({ params: { len } }) => (0, codegen_1.str)`must NOT have more than ${len} items`,
      params: ({ params: { len } }) => (0, codegen_1._)`{limit: ${len}}`
    };
    var def = {
      keyword: "items",
      type: "array",
      schemaType: ["object", "boolean"],
      before: "uniqueItems",
      error,
      code(cxt) {
        const { schema, parentSchema, it } = cxt;
        const { prefixItems } = parentSchema;
        it.items = true;
        if ((0, util_1.alwaysValidSchema)(it, schema))
          return;
        if (prefixItems)
          (0, additionalItems_1.validateAdditionalItems)(cxt, prefixItems);
        else
          cxt.ok((0, code_1.validateArray)(cxt));
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/contains.js
var require_contains = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/contains.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error = {
      message: ({ params: { min, max } }) => max === void 0 ? (0, codegen_1.str)`must contain at least ${min} valid item(s)` : (0, codegen_1.str)`must contain at least ${min} and no more than ${max} valid item(s)`,
      params: ({ params: { min, max } }) => max === void 0 ? (0, codegen_1._)`{minContains: ${min}}` : (0, codegen_1._)`{minContains: ${min}, maxContains: ${max}}`
    };
    var def = {
      keyword: "contains",
      type: "array",
      schemaType: ["object", "boolean"],
      before: "uniqueItems",
      trackErrors: true,
      error,
      code(cxt) {
        const { gen, schema, parentSchema, data, it } = cxt;
        let min;
        let max;
        const { minContains, maxContains } = parentSchema;
        if (it.opts.next) {
          min = minContains === void 0 ? 1 : minContains;
          max = maxContains;
        } else {
          min = 1;
        }
        const len = gen.const("len", (0, codegen_1._)`${data}.length`);
        cxt.setParams({ min, max });
        if (max === void 0 && min === 0) {
          (0, util_1.checkStrictMode)(it, `"minContains" == 0 without "maxContains": "contains" keyword ignored`);
          return;
        }
        if (max !== void 0 && min > max) {
          (0, util_1.checkStrictMode)(it, `"minContains" > "maxContains" is always invalid`);
          cxt.fail();
          return;
        }
        if ((0, util_1.alwaysValidSchema)(it, schema)) {
          let cond = (0, codegen_1._)`${len} >= ${min}`;
          if (max !== void 0)
            cond = (0, codegen_1._)`${cond} && ${len} <= ${max}`;
          cxt.pass(cond);
          return;
        }
        it.items = true;
        const valid = gen.name("valid");
        if (max === void 0 && min === 1) {
          validateItems(valid, () => gen.if(valid, () => gen.break()));
        } else if (min === 0) {
          gen.let(valid, true);
          if (max !== void 0)
            gen.if((0, codegen_1._)`${data}.length > 0`, validateItemsWithCount);
        } else {
          gen.let(valid, false);
          validateItemsWithCount();
        }
        cxt.result(valid, () => cxt.reset());
        function validateItemsWithCount() {
          const schValid = gen.name("_valid");
          const count = gen.let("count", 0);
          validateItems(schValid, () => gen.if(schValid, () => checkLimits(count)));
        }
        function validateItems(_valid, block) {
          gen.forRange("i", 0, len, (i) => {
            cxt.subschema({
              keyword: "contains",
              dataProp: i,
              dataPropType: util_1.Type.Num,
              compositeRule: true
            }, _valid);
            block();
          });
        }
        function checkLimits(count) {
          gen.code((0, codegen_1._)`${count}++`);
          if (max === void 0) {
            gen.if((0, codegen_1._)`${count} >= ${min}`, () => gen.assign(valid, true).break());
          } else {
            gen.if((0, codegen_1._)`${count} > ${max}`, () => gen.assign(valid, false).break());
            if (min === 1)
              gen.assign(valid, true);
            else
              gen.if((0, codegen_1._)`${count} >= ${min}`, () => gen.assign(valid, true));
          }
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/dependencies.js
var require_dependencies = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/dependencies.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.validateSchemaDeps = exports.validatePropertyDeps = exports.error = void 0;
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var code_1 = require_code2();
    exports.error = {
      message: ({ params: { property, depsCount, deps } }) => {
        const property_ies = depsCount === 1 ? "property" : "properties";
        return (0, codegen_1.str)`must have ${property_ies} ${deps} when property ${property} is present`;
      },
      params: ({ params: { property, depsCount, deps, missingProperty } }) => (0, codegen_1._)`{property: ${property},
    missingProperty: ${missingProperty},
    depsCount: ${depsCount},
    deps: ${deps}}`
      // TODO change to reference
    };
    var def = {
      keyword: "dependencies",
      type: "object",
      schemaType: "object",
      error: exports.error,
      code(cxt) {
        const [propDeps, schDeps] = splitDependencies(cxt);
        validatePropertyDeps(cxt, propDeps);
        validateSchemaDeps(cxt, schDeps);
      }
    };
    function splitDependencies({ schema }) {
      const propertyDeps = {};
      const schemaDeps = {};
      for (const key in schema) {
        if (key === "__proto__")
          continue;
        const deps = Array.isArray(schema[key]) ? propertyDeps : schemaDeps;
        deps[key] = schema[key];
      }
      return [propertyDeps, schemaDeps];
    }
    function validatePropertyDeps(cxt, propertyDeps = cxt.schema) {
      const { gen, data, it } = cxt;
      if (Object.keys(propertyDeps).length === 0)
        return;
      const missing = gen.let("missing");
      for (const prop in propertyDeps) {
        const deps = propertyDeps[prop];
        if (deps.length === 0)
          continue;
        const hasProperty = (0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties);
        cxt.setParams({
          property: prop,
          depsCount: deps.length,
          deps: deps.join(", ")
        });
        if (it.allErrors) {
          gen.if(hasProperty, () => {
            for (const depProp of deps) {
              (0, code_1.checkReportMissingProp)(cxt, depProp);
            }
          });
        } else {
          gen.if((0, codegen_1._)`${hasProperty} && (${(0, code_1.checkMissingProp)(cxt, deps, missing)})`);
          (0, code_1.reportMissingProp)(cxt, missing);
          gen.else();
        }
      }
    }
    exports.validatePropertyDeps = validatePropertyDeps;
    function validateSchemaDeps(cxt, schemaDeps = cxt.schema) {
      const { gen, data, keyword, it } = cxt;
      const valid = gen.name("valid");
      for (const prop in schemaDeps) {
        if ((0, util_1.alwaysValidSchema)(it, schemaDeps[prop]))
          continue;
        gen.if(
          (0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties),
          () => {
            const schCxt = cxt.subschema({ keyword, schemaProp: prop }, valid);
            cxt.mergeValidEvaluated(schCxt, valid);
          },
          () => gen.var(valid, true)
          // TODO var
        );
        cxt.ok(valid);
      }
    }
    exports.validateSchemaDeps = validateSchemaDeps;
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/propertyNames.js
var require_propertyNames = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/propertyNames.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error = {
      message: "property name must be valid",
      params: ({ params }) => (0, codegen_1._)`{propertyName: ${params.propertyName}}`
    };
    var def = {
      keyword: "propertyNames",
      type: "object",
      schemaType: ["object", "boolean"],
      error,
      code(cxt) {
        const { gen, schema, data, it } = cxt;
        if ((0, util_1.alwaysValidSchema)(it, schema))
          return;
        const valid = gen.name("valid");
        gen.forIn("key", data, (key) => {
          cxt.setParams({ propertyName: key });
          cxt.subschema({
            keyword: "propertyNames",
            data: key,
            dataTypes: ["string"],
            propertyName: key,
            compositeRule: true
          }, valid);
          gen.if((0, codegen_1.not)(valid), () => {
            cxt.error(true);
            if (!it.allErrors)
              gen.break();
          });
        });
        cxt.ok(valid);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/additionalProperties.js
var require_additionalProperties = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/additionalProperties.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var code_1 = require_code2();
    var codegen_1 = require_codegen();
    var names_1 = require_names();
    var util_1 = require_util();
    var error = {
      message: "must NOT have additional properties",
      params: ({ params }) => (0, codegen_1._)`{additionalProperty: ${params.additionalProperty}}`
    };
    var def = {
      keyword: "additionalProperties",
      type: ["object"],
      schemaType: ["boolean", "object"],
      allowUndefined: true,
      trackErrors: true,
      error,
      code(cxt) {
        const { gen, schema, parentSchema, data, errsCount, it } = cxt;
        if (!errsCount)
          throw new Error("ajv implementation error");
        const { allErrors, opts } = it;
        it.props = true;
        if (opts.removeAdditional !== "all" && (0, util_1.alwaysValidSchema)(it, schema))
          return;
        const props = (0, code_1.allSchemaProperties)(parentSchema.properties);
        const patProps = (0, code_1.allSchemaProperties)(parentSchema.patternProperties);
        checkAdditionalProperties();
        cxt.ok((0, codegen_1._)`${errsCount} === ${names_1.default.errors}`);
        function checkAdditionalProperties() {
          gen.forIn("key", data, (key) => {
            if (!props.length && !patProps.length)
              additionalPropertyCode(key);
            else
              gen.if(isAdditional(key), () => additionalPropertyCode(key));
          });
        }
        function isAdditional(key) {
          let definedProp;
          if (props.length > 8) {
            const propsSchema = (0, util_1.schemaRefOrVal)(it, parentSchema.properties, "properties");
            definedProp = (0, code_1.isOwnProperty)(gen, propsSchema, key);
          } else if (props.length) {
            definedProp = (0, codegen_1.or)(...props.map((p) => (0, codegen_1._)`${key} === ${p}`));
          } else {
            definedProp = codegen_1.nil;
          }
          if (patProps.length) {
            definedProp = (0, codegen_1.or)(definedProp, ...patProps.map((p) => (0, codegen_1._)`${(0, code_1.usePattern)(cxt, p)}.test(${key})`));
          }
          return (0, codegen_1.not)(definedProp);
        }
        function deleteAdditional(key) {
          gen.code((0, codegen_1._)`delete ${data}[${key}]`);
        }
        function additionalPropertyCode(key) {
          if (opts.removeAdditional === "all" || opts.removeAdditional && schema === false) {
            deleteAdditional(key);
            return;
          }
          if (schema === false) {
            cxt.setParams({ additionalProperty: key });
            cxt.error();
            if (!allErrors)
              gen.break();
            return;
          }
          if (typeof schema == "object" && !(0, util_1.alwaysValidSchema)(it, schema)) {
            const valid = gen.name("valid");
            if (opts.removeAdditional === "failing") {
              applyAdditionalSchema(key, valid, false);
              gen.if((0, codegen_1.not)(valid), () => {
                cxt.reset();
                deleteAdditional(key);
              });
            } else {
              applyAdditionalSchema(key, valid);
              if (!allErrors)
                gen.if((0, codegen_1.not)(valid), () => gen.break());
            }
          }
        }
        function applyAdditionalSchema(key, valid, errors) {
          const subschema = {
            keyword: "additionalProperties",
            dataProp: key,
            dataPropType: util_1.Type.Str
          };
          if (errors === false) {
            Object.assign(subschema, {
              compositeRule: true,
              createErrors: false,
              allErrors: false
            });
          }
          cxt.subschema(subschema, valid);
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/properties.js
var require_properties = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/properties.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var validate_1 = require_validate();
    var code_1 = require_code2();
    var util_1 = require_util();
    var additionalProperties_1 = require_additionalProperties();
    var def = {
      keyword: "properties",
      type: "object",
      schemaType: "object",
      code(cxt) {
        const { gen, schema, parentSchema, data, it } = cxt;
        if (it.opts.removeAdditional === "all" && parentSchema.additionalProperties === void 0) {
          additionalProperties_1.default.code(new validate_1.KeywordCxt(it, additionalProperties_1.default, "additionalProperties"));
        }
        const allProps = (0, code_1.allSchemaProperties)(schema);
        for (const prop of allProps) {
          it.definedProperties.add(prop);
        }
        if (it.opts.unevaluated && allProps.length && it.props !== true) {
          it.props = util_1.mergeEvaluated.props(gen, (0, util_1.toHash)(allProps), it.props);
        }
        const properties = allProps.filter((p) => !(0, util_1.alwaysValidSchema)(it, schema[p]));
        if (properties.length === 0)
          return;
        const valid = gen.name("valid");
        for (const prop of properties) {
          if (hasDefault(prop)) {
            applyPropertySchema(prop);
          } else {
            gen.if((0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties));
            applyPropertySchema(prop);
            if (!it.allErrors)
              gen.else().var(valid, true);
            gen.endIf();
          }
          cxt.it.definedProperties.add(prop);
          cxt.ok(valid);
        }
        function hasDefault(prop) {
          return it.opts.useDefaults && !it.compositeRule && schema[prop].default !== void 0;
        }
        function applyPropertySchema(prop) {
          cxt.subschema({
            keyword: "properties",
            schemaProp: prop,
            dataProp: prop
          }, valid);
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/patternProperties.js
var require_patternProperties = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/patternProperties.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var code_1 = require_code2();
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var util_2 = require_util();
    var def = {
      keyword: "patternProperties",
      type: "object",
      schemaType: "object",
      code(cxt) {
        const { gen, schema, data, parentSchema, it } = cxt;
        const { opts } = it;
        const patterns = (0, code_1.allSchemaProperties)(schema);
        const alwaysValidPatterns = patterns.filter((p) => (0, util_1.alwaysValidSchema)(it, schema[p]));
        if (patterns.length === 0 || alwaysValidPatterns.length === patterns.length && (!it.opts.unevaluated || it.props === true)) {
          return;
        }
        const checkProperties = opts.strictSchema && !opts.allowMatchingProperties && parentSchema.properties;
        const valid = gen.name("valid");
        if (it.props !== true && !(it.props instanceof codegen_1.Name)) {
          it.props = (0, util_2.evaluatedPropsToName)(gen, it.props);
        }
        const { props } = it;
        validatePatternProperties();
        function validatePatternProperties() {
          for (const pat of patterns) {
            if (checkProperties)
              checkMatchingProperties(pat);
            if (it.allErrors) {
              validateProperties(pat);
            } else {
              gen.var(valid, true);
              validateProperties(pat);
              gen.if(valid);
            }
          }
        }
        function checkMatchingProperties(pat) {
          for (const prop in checkProperties) {
            if (new RegExp(pat).test(prop)) {
              (0, util_1.checkStrictMode)(it, `property ${prop} matches pattern ${pat} (use allowMatchingProperties)`);
            }
          }
        }
        function validateProperties(pat) {
          gen.forIn("key", data, (key) => {
            gen.if((0, codegen_1._)`${(0, code_1.usePattern)(cxt, pat)}.test(${key})`, () => {
              const alwaysValid = alwaysValidPatterns.includes(pat);
              if (!alwaysValid) {
                cxt.subschema({
                  keyword: "patternProperties",
                  schemaProp: pat,
                  dataProp: key,
                  dataPropType: util_2.Type.Str
                }, valid);
              }
              if (it.opts.unevaluated && props !== true) {
                gen.assign((0, codegen_1._)`${props}[${key}]`, true);
              } else if (!alwaysValid && !it.allErrors) {
                gen.if((0, codegen_1.not)(valid), () => gen.break());
              }
            });
          });
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/not.js
var require_not = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/not.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var util_1 = require_util();
    var def = {
      keyword: "not",
      schemaType: ["object", "boolean"],
      trackErrors: true,
      code(cxt) {
        const { gen, schema, it } = cxt;
        if ((0, util_1.alwaysValidSchema)(it, schema)) {
          cxt.fail();
          return;
        }
        const valid = gen.name("valid");
        cxt.subschema({
          keyword: "not",
          compositeRule: true,
          createErrors: false,
          allErrors: false
        }, valid);
        cxt.failResult(valid, () => cxt.reset(), () => cxt.error());
      },
      error: { message: "must NOT be valid" }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/anyOf.js
var require_anyOf = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/anyOf.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var code_1 = require_code2();
    var def = {
      keyword: "anyOf",
      schemaType: "array",
      trackErrors: true,
      code: code_1.validateUnion,
      error: { message: "must match a schema in anyOf" }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/oneOf.js
var require_oneOf = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/oneOf.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error = {
      message: "must match exactly one schema in oneOf",
      params: ({ params }) => (0, codegen_1._)`{passingSchemas: ${params.passing}}`
    };
    var def = {
      keyword: "oneOf",
      schemaType: "array",
      trackErrors: true,
      error,
      code(cxt) {
        const { gen, schema, parentSchema, it } = cxt;
        if (!Array.isArray(schema))
          throw new Error("ajv implementation error");
        if (it.opts.discriminator && parentSchema.discriminator)
          return;
        const schArr = schema;
        const valid = gen.let("valid", false);
        const passing = gen.let("passing", null);
        const schValid = gen.name("_valid");
        cxt.setParams({ passing });
        gen.block(validateOneOf);
        cxt.result(valid, () => cxt.reset(), () => cxt.error(true));
        function validateOneOf() {
          schArr.forEach((sch, i) => {
            let schCxt;
            if ((0, util_1.alwaysValidSchema)(it, sch)) {
              gen.var(schValid, true);
            } else {
              schCxt = cxt.subschema({
                keyword: "oneOf",
                schemaProp: i,
                compositeRule: true
              }, schValid);
            }
            if (i > 0) {
              gen.if((0, codegen_1._)`${schValid} && ${valid}`).assign(valid, false).assign(passing, (0, codegen_1._)`[${passing}, ${i}]`).else();
            }
            gen.if(schValid, () => {
              gen.assign(valid, true);
              gen.assign(passing, i);
              if (schCxt)
                cxt.mergeEvaluated(schCxt, codegen_1.Name);
            });
          });
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/allOf.js
var require_allOf = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/allOf.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var util_1 = require_util();
    var def = {
      keyword: "allOf",
      schemaType: "array",
      code(cxt) {
        const { gen, schema, it } = cxt;
        if (!Array.isArray(schema))
          throw new Error("ajv implementation error");
        const valid = gen.name("valid");
        schema.forEach((sch, i) => {
          if ((0, util_1.alwaysValidSchema)(it, sch))
            return;
          const schCxt = cxt.subschema({ keyword: "allOf", schemaProp: i }, valid);
          cxt.ok(valid);
          cxt.mergeEvaluated(schCxt);
        });
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/if.js
var require_if = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/if.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var util_1 = require_util();
    var error = {
      message: ({ params }) => (0, codegen_1.str)`must match "${params.ifClause}" schema`,
      params: ({ params }) => (0, codegen_1._)`{failingKeyword: ${params.ifClause}}`
    };
    var def = {
      keyword: "if",
      schemaType: ["object", "boolean"],
      trackErrors: true,
      error,
      code(cxt) {
        const { gen, parentSchema, it } = cxt;
        if (parentSchema.then === void 0 && parentSchema.else === void 0) {
          (0, util_1.checkStrictMode)(it, '"if" without "then" and "else" is ignored');
        }
        const hasThen = hasSchema(it, "then");
        const hasElse = hasSchema(it, "else");
        if (!hasThen && !hasElse)
          return;
        const valid = gen.let("valid", true);
        const schValid = gen.name("_valid");
        validateIf();
        cxt.reset();
        if (hasThen && hasElse) {
          const ifClause = gen.let("ifClause");
          cxt.setParams({ ifClause });
          gen.if(schValid, validateClause("then", ifClause), validateClause("else", ifClause));
        } else if (hasThen) {
          gen.if(schValid, validateClause("then"));
        } else {
          gen.if((0, codegen_1.not)(schValid), validateClause("else"));
        }
        cxt.pass(valid, () => cxt.error(true));
        function validateIf() {
          const schCxt = cxt.subschema({
            keyword: "if",
            compositeRule: true,
            createErrors: false,
            allErrors: false
          }, schValid);
          cxt.mergeEvaluated(schCxt);
        }
        function validateClause(keyword, ifClause) {
          return () => {
            const schCxt = cxt.subschema({ keyword }, schValid);
            gen.assign(valid, schValid);
            cxt.mergeValidEvaluated(schCxt, valid);
            if (ifClause)
              gen.assign(ifClause, (0, codegen_1._)`${keyword}`);
            else
              cxt.setParams({ ifClause: keyword });
          };
        }
      }
    };
    function hasSchema(it, keyword) {
      const schema = it.schema[keyword];
      return schema !== void 0 && !(0, util_1.alwaysValidSchema)(it, schema);
    }
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/thenElse.js
var require_thenElse = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/thenElse.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var util_1 = require_util();
    var def = {
      keyword: ["then", "else"],
      schemaType: ["object", "boolean"],
      code({ keyword, parentSchema, it }) {
        if (parentSchema.if === void 0)
          (0, util_1.checkStrictMode)(it, `"${keyword}" without "if" is ignored`);
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/applicator/index.js
var require_applicator = __commonJS({
  "node_modules/ajv/dist/vocabularies/applicator/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var additionalItems_1 = require_additionalItems();
    var prefixItems_1 = require_prefixItems();
    var items_1 = require_items();
    var items2020_1 = require_items2020();
    var contains_1 = require_contains();
    var dependencies_1 = require_dependencies();
    var propertyNames_1 = require_propertyNames();
    var additionalProperties_1 = require_additionalProperties();
    var properties_1 = require_properties();
    var patternProperties_1 = require_patternProperties();
    var not_1 = require_not();
    var anyOf_1 = require_anyOf();
    var oneOf_1 = require_oneOf();
    var allOf_1 = require_allOf();
    var if_1 = require_if();
    var thenElse_1 = require_thenElse();
    function getApplicator(draft2020 = false) {
      const applicator = [
        // any
        not_1.default,
        anyOf_1.default,
        oneOf_1.default,
        allOf_1.default,
        if_1.default,
        thenElse_1.default,
        // object
        propertyNames_1.default,
        additionalProperties_1.default,
        dependencies_1.default,
        properties_1.default,
        patternProperties_1.default
      ];
      if (draft2020)
        applicator.push(prefixItems_1.default, items2020_1.default);
      else
        applicator.push(additionalItems_1.default, items_1.default);
      applicator.push(contains_1.default);
      return applicator;
    }
    exports.default = getApplicator;
  }
});

// node_modules/ajv/dist/vocabularies/format/format.js
var require_format = __commonJS({
  "node_modules/ajv/dist/vocabularies/format/format.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var error = {
      message: ({ schemaCode }) => (0, codegen_1.str)`must match format "${schemaCode}"`,
      params: ({ schemaCode }) => (0, codegen_1._)`{format: ${schemaCode}}`
    };
    var def = {
      keyword: "format",
      type: ["number", "string"],
      schemaType: "string",
      $data: true,
      error,
      code(cxt, ruleType) {
        const { gen, data, $data, schema, schemaCode, it } = cxt;
        const { opts, errSchemaPath, schemaEnv, self } = it;
        if (!opts.validateFormats)
          return;
        if ($data)
          validate$DataFormat();
        else
          validateFormat();
        function validate$DataFormat() {
          const fmts = gen.scopeValue("formats", {
            ref: self.formats,
            code: opts.code.formats
          });
          const fDef = gen.const("fDef", (0, codegen_1._)`${fmts}[${schemaCode}]`);
          const fType = gen.let("fType");
          const format = gen.let("format");
          gen.if((0, codegen_1._)`typeof ${fDef} == "object" && !(${fDef} instanceof RegExp)`, () => gen.assign(fType, (0, codegen_1._)`${fDef}.type || "string"`).assign(format, (0, codegen_1._)`${fDef}.validate`), () => gen.assign(fType, (0, codegen_1._)`"string"`).assign(format, fDef));
          cxt.fail$data((0, codegen_1.or)(unknownFmt(), invalidFmt()));
          function unknownFmt() {
            if (opts.strictSchema === false)
              return codegen_1.nil;
            return (0, codegen_1._)`${schemaCode} && !${format}`;
          }
          function invalidFmt() {
            const callFormat = schemaEnv.$async ? (0, codegen_1._)`(${fDef}.async ? await ${format}(${data}) : ${format}(${data}))` : (0, codegen_1._)`${format}(${data})`;
            const validData = (0, codegen_1._)`(typeof ${format} == "function" ? ${callFormat} : ${format}.test(${data}))`;
            return (0, codegen_1._)`${format} && ${format} !== true && ${fType} === ${ruleType} && !${validData}`;
          }
        }
        function validateFormat() {
          const formatDef = self.formats[schema];
          if (!formatDef) {
            unknownFormat();
            return;
          }
          if (formatDef === true)
            return;
          const [fmtType, format, fmtRef] = getFormat(formatDef);
          if (fmtType === ruleType)
            cxt.pass(validCondition());
          function unknownFormat() {
            if (opts.strictSchema === false) {
              self.logger.warn(unknownMsg());
              return;
            }
            throw new Error(unknownMsg());
            function unknownMsg() {
              return `unknown format "${schema}" ignored in schema at path "${errSchemaPath}"`;
            }
          }
          function getFormat(fmtDef) {
            const code2 = fmtDef instanceof RegExp ? (0, codegen_1.regexpCode)(fmtDef) : opts.code.formats ? (0, codegen_1._)`${opts.code.formats}${(0, codegen_1.getProperty)(schema)}` : void 0;
            const fmt = gen.scopeValue("formats", { key: schema, ref: fmtDef, code: code2 });
            if (typeof fmtDef == "object" && !(fmtDef instanceof RegExp)) {
              return [fmtDef.type || "string", fmtDef.validate, (0, codegen_1._)`${fmt}.validate`];
            }
            return ["string", fmtDef, fmt];
          }
          function validCondition() {
            if (typeof formatDef == "object" && !(formatDef instanceof RegExp) && formatDef.async) {
              if (!schemaEnv.$async)
                throw new Error("async format in sync schema");
              return (0, codegen_1._)`await ${fmtRef}(${data})`;
            }
            return typeof format == "function" ? (0, codegen_1._)`${fmtRef}(${data})` : (0, codegen_1._)`${fmtRef}.test(${data})`;
          }
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/vocabularies/format/index.js
var require_format2 = __commonJS({
  "node_modules/ajv/dist/vocabularies/format/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var format_1 = require_format();
    var format = [format_1.default];
    exports.default = format;
  }
});

// node_modules/ajv/dist/vocabularies/metadata.js
var require_metadata = __commonJS({
  "node_modules/ajv/dist/vocabularies/metadata.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.contentVocabulary = exports.metadataVocabulary = void 0;
    exports.metadataVocabulary = [
      "title",
      "description",
      "default",
      "deprecated",
      "readOnly",
      "writeOnly",
      "examples"
    ];
    exports.contentVocabulary = [
      "contentMediaType",
      "contentEncoding",
      "contentSchema"
    ];
  }
});

// node_modules/ajv/dist/vocabularies/draft7.js
var require_draft7 = __commonJS({
  "node_modules/ajv/dist/vocabularies/draft7.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var core_1 = require_core2();
    var validation_1 = require_validation();
    var applicator_1 = require_applicator();
    var format_1 = require_format2();
    var metadata_1 = require_metadata();
    var draft7Vocabularies = [
      core_1.default,
      validation_1.default,
      (0, applicator_1.default)(),
      format_1.default,
      metadata_1.metadataVocabulary,
      metadata_1.contentVocabulary
    ];
    exports.default = draft7Vocabularies;
  }
});

// node_modules/ajv/dist/vocabularies/discriminator/types.js
var require_types = __commonJS({
  "node_modules/ajv/dist/vocabularies/discriminator/types.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.DiscrError = void 0;
    var DiscrError;
    (function(DiscrError2) {
      DiscrError2["Tag"] = "tag";
      DiscrError2["Mapping"] = "mapping";
    })(DiscrError || (exports.DiscrError = DiscrError = {}));
  }
});

// node_modules/ajv/dist/vocabularies/discriminator/index.js
var require_discriminator = __commonJS({
  "node_modules/ajv/dist/vocabularies/discriminator/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var codegen_1 = require_codegen();
    var types_1 = require_types();
    var compile_1 = require_compile();
    var ref_error_1 = require_ref_error();
    var util_1 = require_util();
    var error = {
      message: ({ params: { discrError, tagName } }) => discrError === types_1.DiscrError.Tag ? `tag "${tagName}" must be string` : `value of tag "${tagName}" must be in oneOf`,
      params: ({ params: { discrError, tag, tagName } }) => (0, codegen_1._)`{error: ${discrError}, tag: ${tagName}, tagValue: ${tag}}`
    };
    var def = {
      keyword: "discriminator",
      type: "object",
      schemaType: "object",
      error,
      code(cxt) {
        const { gen, data, schema, parentSchema, it } = cxt;
        const { oneOf } = parentSchema;
        if (!it.opts.discriminator) {
          throw new Error("discriminator: requires discriminator option");
        }
        const tagName = schema.propertyName;
        if (typeof tagName != "string")
          throw new Error("discriminator: requires propertyName");
        if (schema.mapping)
          throw new Error("discriminator: mapping is not supported");
        if (!oneOf)
          throw new Error("discriminator: requires oneOf keyword");
        const valid = gen.let("valid", false);
        const tag = gen.const("tag", (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(tagName)}`);
        gen.if((0, codegen_1._)`typeof ${tag} == "string"`, () => validateMapping(), () => cxt.error(false, { discrError: types_1.DiscrError.Tag, tag, tagName }));
        cxt.ok(valid);
        function validateMapping() {
          const mapping = getMapping();
          gen.if(false);
          for (const tagValue in mapping) {
            gen.elseIf((0, codegen_1._)`${tag} === ${tagValue}`);
            gen.assign(valid, applyTagSchema(mapping[tagValue]));
          }
          gen.else();
          cxt.error(false, { discrError: types_1.DiscrError.Mapping, tag, tagName });
          gen.endIf();
        }
        function applyTagSchema(schemaProp) {
          const _valid = gen.name("valid");
          const schCxt = cxt.subschema({ keyword: "oneOf", schemaProp }, _valid);
          cxt.mergeEvaluated(schCxt, codegen_1.Name);
          return _valid;
        }
        function getMapping() {
          var _a;
          const oneOfMapping = {};
          const topRequired = hasRequired(parentSchema);
          let tagRequired = true;
          for (let i = 0; i < oneOf.length; i++) {
            let sch = oneOf[i];
            if ((sch === null || sch === void 0 ? void 0 : sch.$ref) && !(0, util_1.schemaHasRulesButRef)(sch, it.self.RULES)) {
              const ref = sch.$ref;
              sch = compile_1.resolveRef.call(it.self, it.schemaEnv.root, it.baseId, ref);
              if (sch instanceof compile_1.SchemaEnv)
                sch = sch.schema;
              if (sch === void 0)
                throw new ref_error_1.default(it.opts.uriResolver, it.baseId, ref);
            }
            const propSch = (_a = sch === null || sch === void 0 ? void 0 : sch.properties) === null || _a === void 0 ? void 0 : _a[tagName];
            if (typeof propSch != "object") {
              throw new Error(`discriminator: oneOf subschemas (or referenced schemas) must have "properties/${tagName}"`);
            }
            tagRequired = tagRequired && (topRequired || hasRequired(sch));
            addMappings(propSch, i);
          }
          if (!tagRequired)
            throw new Error(`discriminator: "${tagName}" must be required`);
          return oneOfMapping;
          function hasRequired({ required }) {
            return Array.isArray(required) && required.includes(tagName);
          }
          function addMappings(sch, i) {
            if (sch.const) {
              addMapping(sch.const, i);
            } else if (sch.enum) {
              for (const tagValue of sch.enum) {
                addMapping(tagValue, i);
              }
            } else {
              throw new Error(`discriminator: "properties/${tagName}" must have "const" or "enum"`);
            }
          }
          function addMapping(tagValue, i) {
            if (typeof tagValue != "string" || tagValue in oneOfMapping) {
              throw new Error(`discriminator: "${tagName}" values must be unique strings`);
            }
            oneOfMapping[tagValue] = i;
          }
        }
      }
    };
    exports.default = def;
  }
});

// node_modules/ajv/dist/refs/json-schema-draft-07.json
var require_json_schema_draft_07 = __commonJS({
  "node_modules/ajv/dist/refs/json-schema-draft-07.json"(exports, module) {
    module.exports = {
      $schema: "http://json-schema.org/draft-07/schema#",
      $id: "http://json-schema.org/draft-07/schema#",
      title: "Core schema meta-schema",
      definitions: {
        schemaArray: {
          type: "array",
          minItems: 1,
          items: { $ref: "#" }
        },
        nonNegativeInteger: {
          type: "integer",
          minimum: 0
        },
        nonNegativeIntegerDefault0: {
          allOf: [{ $ref: "#/definitions/nonNegativeInteger" }, { default: 0 }]
        },
        simpleTypes: {
          enum: ["array", "boolean", "integer", "null", "number", "object", "string"]
        },
        stringArray: {
          type: "array",
          items: { type: "string" },
          uniqueItems: true,
          default: []
        }
      },
      type: ["object", "boolean"],
      properties: {
        $id: {
          type: "string",
          format: "uri-reference"
        },
        $schema: {
          type: "string",
          format: "uri"
        },
        $ref: {
          type: "string",
          format: "uri-reference"
        },
        $comment: {
          type: "string"
        },
        title: {
          type: "string"
        },
        description: {
          type: "string"
        },
        default: true,
        readOnly: {
          type: "boolean",
          default: false
        },
        examples: {
          type: "array",
          items: true
        },
        multipleOf: {
          type: "number",
          exclusiveMinimum: 0
        },
        maximum: {
          type: "number"
        },
        exclusiveMaximum: {
          type: "number"
        },
        minimum: {
          type: "number"
        },
        exclusiveMinimum: {
          type: "number"
        },
        maxLength: { $ref: "#/definitions/nonNegativeInteger" },
        minLength: { $ref: "#/definitions/nonNegativeIntegerDefault0" },
        pattern: {
          type: "string",
          format: "regex"
        },
        additionalItems: { $ref: "#" },
        items: {
          anyOf: [{ $ref: "#" }, { $ref: "#/definitions/schemaArray" }],
          default: true
        },
        maxItems: { $ref: "#/definitions/nonNegativeInteger" },
        minItems: { $ref: "#/definitions/nonNegativeIntegerDefault0" },
        uniqueItems: {
          type: "boolean",
          default: false
        },
        contains: { $ref: "#" },
        maxProperties: { $ref: "#/definitions/nonNegativeInteger" },
        minProperties: { $ref: "#/definitions/nonNegativeIntegerDefault0" },
        required: { $ref: "#/definitions/stringArray" },
        additionalProperties: { $ref: "#" },
        definitions: {
          type: "object",
          additionalProperties: { $ref: "#" },
          default: {}
        },
        properties: {
          type: "object",
          additionalProperties: { $ref: "#" },
          default: {}
        },
        patternProperties: {
          type: "object",
          additionalProperties: { $ref: "#" },
          propertyNames: { format: "regex" },
          default: {}
        },
        dependencies: {
          type: "object",
          additionalProperties: {
            anyOf: [{ $ref: "#" }, { $ref: "#/definitions/stringArray" }]
          }
        },
        propertyNames: { $ref: "#" },
        const: true,
        enum: {
          type: "array",
          items: true,
          minItems: 1,
          uniqueItems: true
        },
        type: {
          anyOf: [
            { $ref: "#/definitions/simpleTypes" },
            {
              type: "array",
              items: { $ref: "#/definitions/simpleTypes" },
              minItems: 1,
              uniqueItems: true
            }
          ]
        },
        format: { type: "string" },
        contentMediaType: { type: "string" },
        contentEncoding: { type: "string" },
        if: { $ref: "#" },
        then: { $ref: "#" },
        else: { $ref: "#" },
        allOf: { $ref: "#/definitions/schemaArray" },
        anyOf: { $ref: "#/definitions/schemaArray" },
        oneOf: { $ref: "#/definitions/schemaArray" },
        not: { $ref: "#" }
      },
      default: true
    };
  }
});

// node_modules/ajv/dist/ajv.js
var require_ajv = __commonJS({
  "node_modules/ajv/dist/ajv.js"(exports, module) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.MissingRefError = exports.ValidationError = exports.CodeGen = exports.Name = exports.nil = exports.stringify = exports.str = exports._ = exports.KeywordCxt = exports.Ajv = void 0;
    var core_1 = require_core();
    var draft7_1 = require_draft7();
    var discriminator_1 = require_discriminator();
    var draft7MetaSchema = require_json_schema_draft_07();
    var META_SUPPORT_DATA = ["/properties"];
    var META_SCHEMA_ID = "http://json-schema.org/draft-07/schema";
    var Ajv3 = class extends core_1.default {
      _addVocabularies() {
        super._addVocabularies();
        draft7_1.default.forEach((v) => this.addVocabulary(v));
        if (this.opts.discriminator)
          this.addKeyword(discriminator_1.default);
      }
      _addDefaultMetaSchema() {
        super._addDefaultMetaSchema();
        if (!this.opts.meta)
          return;
        const metaSchema = this.opts.$data ? this.$dataMetaSchema(draft7MetaSchema, META_SUPPORT_DATA) : draft7MetaSchema;
        this.addMetaSchema(metaSchema, META_SCHEMA_ID, false);
        this.refs["http://json-schema.org/schema"] = META_SCHEMA_ID;
      }
      defaultMeta() {
        return this.opts.defaultMeta = super.defaultMeta() || (this.getSchema(META_SCHEMA_ID) ? META_SCHEMA_ID : void 0);
      }
    };
    exports.Ajv = Ajv3;
    module.exports = exports = Ajv3;
    module.exports.Ajv = Ajv3;
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.default = Ajv3;
    var validate_1 = require_validate();
    Object.defineProperty(exports, "KeywordCxt", { enumerable: true, get: function() {
      return validate_1.KeywordCxt;
    } });
    var codegen_1 = require_codegen();
    Object.defineProperty(exports, "_", { enumerable: true, get: function() {
      return codegen_1._;
    } });
    Object.defineProperty(exports, "str", { enumerable: true, get: function() {
      return codegen_1.str;
    } });
    Object.defineProperty(exports, "stringify", { enumerable: true, get: function() {
      return codegen_1.stringify;
    } });
    Object.defineProperty(exports, "nil", { enumerable: true, get: function() {
      return codegen_1.nil;
    } });
    Object.defineProperty(exports, "Name", { enumerable: true, get: function() {
      return codegen_1.Name;
    } });
    Object.defineProperty(exports, "CodeGen", { enumerable: true, get: function() {
      return codegen_1.CodeGen;
    } });
    var validation_error_1 = require_validation_error();
    Object.defineProperty(exports, "ValidationError", { enumerable: true, get: function() {
      return validation_error_1.default;
    } });
    var ref_error_1 = require_ref_error();
    Object.defineProperty(exports, "MissingRefError", { enumerable: true, get: function() {
      return ref_error_1.default;
    } });
  }
});

// node_modules/picomatch/lib/constants.js
var require_constants = __commonJS({
  "node_modules/picomatch/lib/constants.js"(exports, module) {
    "use strict";
    var WIN_SLASH = "\\\\/";
    var WIN_NO_SLASH = `[^${WIN_SLASH}]`;
    var DEFAULT_MAX_EXTGLOB_RECURSION = 0;
    var DOT_LITERAL = "\\.";
    var PLUS_LITERAL = "\\+";
    var QMARK_LITERAL = "\\?";
    var SLASH_LITERAL = "\\/";
    var ONE_CHAR = "(?=.)";
    var QMARK = "[^/]";
    var END_ANCHOR = `(?:${SLASH_LITERAL}|$)`;
    var START_ANCHOR = `(?:^|${SLASH_LITERAL})`;
    var DOTS_SLASH = `${DOT_LITERAL}{1,2}${END_ANCHOR}`;
    var NO_DOT = `(?!${DOT_LITERAL})`;
    var NO_DOTS = `(?!${START_ANCHOR}${DOTS_SLASH})`;
    var NO_DOT_SLASH = `(?!${DOT_LITERAL}{0,1}${END_ANCHOR})`;
    var NO_DOTS_SLASH = `(?!${DOTS_SLASH})`;
    var QMARK_NO_DOT = `[^.${SLASH_LITERAL}]`;
    var STAR = `${QMARK}*?`;
    var SEP = "/";
    var POSIX_CHARS = {
      DOT_LITERAL,
      PLUS_LITERAL,
      QMARK_LITERAL,
      SLASH_LITERAL,
      ONE_CHAR,
      QMARK,
      END_ANCHOR,
      DOTS_SLASH,
      NO_DOT,
      NO_DOTS,
      NO_DOT_SLASH,
      NO_DOTS_SLASH,
      QMARK_NO_DOT,
      STAR,
      START_ANCHOR,
      SEP
    };
    var WINDOWS_CHARS = {
      ...POSIX_CHARS,
      SLASH_LITERAL: `[${WIN_SLASH}]`,
      QMARK: WIN_NO_SLASH,
      STAR: `${WIN_NO_SLASH}*?`,
      DOTS_SLASH: `${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$)`,
      NO_DOT: `(?!${DOT_LITERAL})`,
      NO_DOTS: `(?!(?:^|[${WIN_SLASH}])${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      NO_DOT_SLASH: `(?!${DOT_LITERAL}{0,1}(?:[${WIN_SLASH}]|$))`,
      NO_DOTS_SLASH: `(?!${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      QMARK_NO_DOT: `[^.${WIN_SLASH}]`,
      START_ANCHOR: `(?:^|[${WIN_SLASH}])`,
      END_ANCHOR: `(?:[${WIN_SLASH}]|$)`,
      SEP: "\\"
    };
    var POSIX_REGEX_SOURCE = {
      __proto__: null,
      alnum: "a-zA-Z0-9",
      alpha: "a-zA-Z",
      ascii: "\\x00-\\x7F",
      blank: " \\t",
      cntrl: "\\x00-\\x1F\\x7F",
      digit: "0-9",
      graph: "\\x21-\\x7E",
      lower: "a-z",
      print: "\\x20-\\x7E ",
      punct: "\\-!\"#$%&'()\\*+,./:;<=>?@[\\]^_`{|}~",
      space: " \\t\\r\\n\\v\\f",
      upper: "A-Z",
      word: "A-Za-z0-9_",
      xdigit: "A-Fa-f0-9"
    };
    module.exports = {
      DEFAULT_MAX_EXTGLOB_RECURSION,
      MAX_LENGTH: 1024 * 64,
      POSIX_REGEX_SOURCE,
      // regular expressions
      REGEX_BACKSLASH: /\\(?![*+?^${}(|)[\]])/g,
      REGEX_NON_SPECIAL_CHARS: /^[^@![\].,$*+?^{}()|\\/]+/,
      REGEX_SPECIAL_CHARS: /[-*+?.^${}(|)[\]]/,
      REGEX_SPECIAL_CHARS_BACKREF: /(\\?)((\W)(\3*))/g,
      REGEX_SPECIAL_CHARS_GLOBAL: /([-*+?.^${}(|)[\]])/g,
      REGEX_REMOVE_BACKSLASH: /(?:\[.*?[^\\]\]|\\(?=.))/g,
      // Replace globs with equivalent patterns to reduce parsing time.
      REPLACEMENTS: {
        __proto__: null,
        "***": "*",
        "**/**": "**",
        "**/**/**": "**"
      },
      // Digits
      CHAR_0: 48,
      /* 0 */
      CHAR_9: 57,
      /* 9 */
      // Alphabet chars.
      CHAR_UPPERCASE_A: 65,
      /* A */
      CHAR_LOWERCASE_A: 97,
      /* a */
      CHAR_UPPERCASE_Z: 90,
      /* Z */
      CHAR_LOWERCASE_Z: 122,
      /* z */
      CHAR_LEFT_PARENTHESES: 40,
      /* ( */
      CHAR_RIGHT_PARENTHESES: 41,
      /* ) */
      CHAR_ASTERISK: 42,
      /* * */
      // Non-alphabetic chars.
      CHAR_AMPERSAND: 38,
      /* & */
      CHAR_AT: 64,
      /* @ */
      CHAR_BACKWARD_SLASH: 92,
      /* \ */
      CHAR_CARRIAGE_RETURN: 13,
      /* \r */
      CHAR_CIRCUMFLEX_ACCENT: 94,
      /* ^ */
      CHAR_COLON: 58,
      /* : */
      CHAR_COMMA: 44,
      /* , */
      CHAR_DOT: 46,
      /* . */
      CHAR_DOUBLE_QUOTE: 34,
      /* " */
      CHAR_EQUAL: 61,
      /* = */
      CHAR_EXCLAMATION_MARK: 33,
      /* ! */
      CHAR_FORM_FEED: 12,
      /* \f */
      CHAR_FORWARD_SLASH: 47,
      /* / */
      CHAR_GRAVE_ACCENT: 96,
      /* ` */
      CHAR_HASH: 35,
      /* # */
      CHAR_HYPHEN_MINUS: 45,
      /* - */
      CHAR_LEFT_ANGLE_BRACKET: 60,
      /* < */
      CHAR_LEFT_CURLY_BRACE: 123,
      /* { */
      CHAR_LEFT_SQUARE_BRACKET: 91,
      /* [ */
      CHAR_LINE_FEED: 10,
      /* \n */
      CHAR_NO_BREAK_SPACE: 160,
      /* \u00A0 */
      CHAR_PERCENT: 37,
      /* % */
      CHAR_PLUS: 43,
      /* + */
      CHAR_QUESTION_MARK: 63,
      /* ? */
      CHAR_RIGHT_ANGLE_BRACKET: 62,
      /* > */
      CHAR_RIGHT_CURLY_BRACE: 125,
      /* } */
      CHAR_RIGHT_SQUARE_BRACKET: 93,
      /* ] */
      CHAR_SEMICOLON: 59,
      /* ; */
      CHAR_SINGLE_QUOTE: 39,
      /* ' */
      CHAR_SPACE: 32,
      /*   */
      CHAR_TAB: 9,
      /* \t */
      CHAR_UNDERSCORE: 95,
      /* _ */
      CHAR_VERTICAL_LINE: 124,
      /* | */
      CHAR_ZERO_WIDTH_NOBREAK_SPACE: 65279,
      /* \uFEFF */
      /**
       * Create EXTGLOB_CHARS
       */
      extglobChars(chars) {
        return {
          "!": { type: "negate", open: "(?:(?!(?:", close: `))${chars.STAR})` },
          "?": { type: "qmark", open: "(?:", close: ")?" },
          "+": { type: "plus", open: "(?:", close: ")+" },
          "*": { type: "star", open: "(?:", close: ")*" },
          "@": { type: "at", open: "(?:", close: ")" }
        };
      },
      /**
       * Create GLOB_CHARS
       */
      globChars(win32) {
        return win32 === true ? WINDOWS_CHARS : POSIX_CHARS;
      }
    };
  }
});

// node_modules/picomatch/lib/utils.js
var require_utils2 = __commonJS({
  "node_modules/picomatch/lib/utils.js"(exports) {
    "use strict";
    var {
      REGEX_BACKSLASH,
      REGEX_REMOVE_BACKSLASH,
      REGEX_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_GLOBAL
    } = require_constants();
    exports.isObject = (val) => val !== null && typeof val === "object" && !Array.isArray(val);
    exports.hasRegexChars = (str) => REGEX_SPECIAL_CHARS.test(str);
    exports.isRegexChar = (str) => str.length === 1 && exports.hasRegexChars(str);
    exports.escapeRegex = (str) => str.replace(REGEX_SPECIAL_CHARS_GLOBAL, "\\$1");
    exports.toPosixSlashes = (str) => str.replace(REGEX_BACKSLASH, "/");
    exports.isWindows = () => {
      if (typeof navigator !== "undefined" && navigator.platform) {
        const platform = navigator.platform.toLowerCase();
        return platform === "win32" || platform === "windows";
      }
      if (typeof process !== "undefined" && process.platform) {
        return process.platform === "win32";
      }
      return false;
    };
    exports.removeBackslashes = (str) => {
      return str.replace(REGEX_REMOVE_BACKSLASH, (match) => {
        return match === "\\" ? "" : match;
      });
    };
    exports.escapeLast = (input, char, lastIdx) => {
      const idx = input.lastIndexOf(char, lastIdx);
      if (idx === -1) return input;
      if (input[idx - 1] === "\\") return exports.escapeLast(input, char, idx - 1);
      return `${input.slice(0, idx)}\\${input.slice(idx)}`;
    };
    exports.removePrefix = (input, state = {}) => {
      let output = input;
      if (output.startsWith("./")) {
        output = output.slice(2);
        state.prefix = "./";
      }
      return output;
    };
    exports.wrapOutput = (input, state = {}, options = {}) => {
      const prepend = options.contains ? "" : "^";
      const append = options.contains ? "" : "$";
      let output = `${prepend}(?:${input})${append}`;
      if (state.negated === true) {
        output = `(?:^(?!${output}).*$)`;
      }
      return output;
    };
    exports.basename = (path, { windows } = {}) => {
      const segs = path.split(windows ? /[\\/]/ : "/");
      const last = segs[segs.length - 1];
      if (last === "") {
        return segs[segs.length - 2];
      }
      return last;
    };
  }
});

// node_modules/picomatch/lib/scan.js
var require_scan = __commonJS({
  "node_modules/picomatch/lib/scan.js"(exports, module) {
    "use strict";
    var utils = require_utils2();
    var {
      CHAR_ASTERISK,
      /* * */
      CHAR_AT,
      /* @ */
      CHAR_BACKWARD_SLASH,
      /* \ */
      CHAR_COMMA,
      /* , */
      CHAR_DOT,
      /* . */
      CHAR_EXCLAMATION_MARK,
      /* ! */
      CHAR_FORWARD_SLASH,
      /* / */
      CHAR_LEFT_CURLY_BRACE,
      /* { */
      CHAR_LEFT_PARENTHESES,
      /* ( */
      CHAR_LEFT_SQUARE_BRACKET,
      /* [ */
      CHAR_PLUS,
      /* + */
      CHAR_QUESTION_MARK,
      /* ? */
      CHAR_RIGHT_CURLY_BRACE,
      /* } */
      CHAR_RIGHT_PARENTHESES,
      /* ) */
      CHAR_RIGHT_SQUARE_BRACKET
      /* ] */
    } = require_constants();
    var isPathSeparator = (code2) => {
      return code2 === CHAR_FORWARD_SLASH || code2 === CHAR_BACKWARD_SLASH;
    };
    var depth = (token) => {
      if (token.isPrefix !== true) {
        token.depth = token.isGlobstar ? Infinity : 1;
      }
    };
    var scan = (input, options) => {
      const opts = options || {};
      const length = input.length - 1;
      const scanToEnd = opts.parts === true || opts.tokens === true || opts.scanToEnd === true;
      const slashes = [];
      const tokens = [];
      const parts = [];
      let str = input;
      let index = -1;
      let start = 0;
      let lastIndex = 0;
      let isBrace = false;
      let isBracket = false;
      let isGlob = false;
      let isExtglob = false;
      let isGlobstar = false;
      let braceEscaped = false;
      let backslashes = false;
      let negated = false;
      let negatedExtglob = false;
      let finished = false;
      let braces = 0;
      let prev;
      let code2;
      let token = { value: "", depth: 0, isGlob: false };
      const eos = () => index >= length;
      const peek = () => str.charCodeAt(index + 1);
      const advance = () => {
        prev = code2;
        return str.charCodeAt(++index);
      };
      while (index < length) {
        code2 = advance();
        let next;
        if (code2 === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          code2 = advance();
          if (code2 === CHAR_LEFT_CURLY_BRACE) {
            braceEscaped = true;
          }
          continue;
        }
        if (braceEscaped === true || code2 === CHAR_LEFT_CURLY_BRACE) {
          braces++;
          while (eos() !== true && (code2 = advance())) {
            if (code2 === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (code2 === CHAR_LEFT_CURLY_BRACE) {
              braces++;
              continue;
            }
            if (braceEscaped !== true && code2 === CHAR_DOT && (code2 = advance()) === CHAR_DOT) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (braceEscaped !== true && code2 === CHAR_COMMA) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (code2 === CHAR_RIGHT_CURLY_BRACE) {
              braces--;
              if (braces === 0) {
                braceEscaped = false;
                isBrace = token.isBrace = true;
                finished = true;
                break;
              }
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code2 === CHAR_FORWARD_SLASH) {
          slashes.push(index);
          tokens.push(token);
          token = { value: "", depth: 0, isGlob: false };
          if (finished === true) continue;
          if (prev === CHAR_DOT && index === start + 1) {
            start += 2;
            continue;
          }
          lastIndex = index + 1;
          continue;
        }
        if (opts.noext !== true) {
          const isExtglobChar = code2 === CHAR_PLUS || code2 === CHAR_AT || code2 === CHAR_ASTERISK || code2 === CHAR_QUESTION_MARK || code2 === CHAR_EXCLAMATION_MARK;
          if (isExtglobChar === true && peek() === CHAR_LEFT_PARENTHESES) {
            isGlob = token.isGlob = true;
            isExtglob = token.isExtglob = true;
            finished = true;
            if (code2 === CHAR_EXCLAMATION_MARK && index === start) {
              negatedExtglob = true;
            }
            if (scanToEnd === true) {
              let parens = 0;
              while (eos() !== true && (code2 = advance())) {
                if (code2 === CHAR_BACKWARD_SLASH) {
                  backslashes = token.backslashes = true;
                  advance();
                  continue;
                }
                if (code2 === CHAR_LEFT_PARENTHESES) {
                  parens++;
                  continue;
                }
                if (code2 === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                  finished = true;
                  break;
                }
              }
              continue;
            }
            break;
          }
        }
        if (code2 === CHAR_ASTERISK) {
          if (prev === CHAR_ASTERISK) isGlobstar = token.isGlobstar = true;
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code2 === CHAR_QUESTION_MARK) {
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code2 === CHAR_LEFT_SQUARE_BRACKET) {
          while (eos() !== true && (next = advance())) {
            if (next === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (next === CHAR_RIGHT_SQUARE_BRACKET) {
              isBracket = token.isBracket = true;
              isGlob = token.isGlob = true;
              finished = true;
              break;
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (opts.nonegate !== true && code2 === CHAR_EXCLAMATION_MARK && index === start) {
          negated = token.negated = true;
          start++;
          continue;
        }
        if (opts.noparen !== true && code2 === CHAR_LEFT_PARENTHESES) {
          isGlob = token.isGlob = true;
          if (scanToEnd === true) {
            let parens = 1;
            while (eos() !== true && (code2 = advance())) {
              if (code2 === CHAR_BACKWARD_SLASH) {
                backslashes = token.backslashes = true;
                advance();
                continue;
              }
              if (code2 === CHAR_LEFT_PARENTHESES) {
                parens++;
                continue;
              }
              if (code2 === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                finished = true;
                break;
              }
            }
            continue;
          }
          break;
        }
        if (isGlob === true) {
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
      }
      if (opts.noext === true) {
        isExtglob = false;
        isGlob = false;
      }
      let base = str;
      let prefix = "";
      let glob = "";
      if (start > 0) {
        prefix = str.slice(0, start);
        str = str.slice(start);
        lastIndex -= start;
      }
      if (base && isGlob === true && lastIndex > 0) {
        base = str.slice(0, lastIndex);
        glob = str.slice(lastIndex);
      } else if (isGlob === true) {
        base = "";
        glob = str;
      } else {
        base = str;
      }
      if (base && base !== "" && base !== "/" && base !== str) {
        if (isPathSeparator(base.charCodeAt(base.length - 1))) {
          base = base.slice(0, -1);
        }
      }
      if (opts.unescape === true) {
        if (glob) glob = utils.removeBackslashes(glob);
        if (base && backslashes === true) {
          base = utils.removeBackslashes(base);
        }
      }
      const state = {
        prefix,
        input,
        start,
        base,
        glob,
        isBrace,
        isBracket,
        isGlob,
        isExtglob,
        isGlobstar,
        negated,
        negatedExtglob
      };
      if (opts.tokens === true) {
        state.maxDepth = 0;
        if (!isPathSeparator(code2)) {
          tokens.push(token);
        }
        state.tokens = tokens;
      }
      if (opts.parts === true || opts.tokens === true) {
        let prevIndex;
        for (let idx = 0; idx < slashes.length; idx++) {
          const n2 = prevIndex !== void 0 ? prevIndex + 1 : start;
          const i = slashes[idx];
          const value2 = input.slice(n2, i);
          if (opts.tokens) {
            if (idx === 0 && start !== 0) {
              tokens[idx].isPrefix = true;
              tokens[idx].value = prefix;
            } else {
              tokens[idx].value = value2;
            }
            depth(tokens[idx]);
            state.maxDepth += tokens[idx].depth;
          }
          if (i >= start) {
            parts.push(value2);
            prevIndex = i;
          }
        }
        const n = prevIndex !== void 0 ? prevIndex + 1 : start;
        const value = input.slice(n);
        parts.push(value);
        if (opts.tokens && prevIndex && prevIndex + 1 < input.length) {
          tokens[tokens.length - 1].value = value;
          depth(tokens[tokens.length - 1]);
          state.maxDepth += tokens[tokens.length - 1].depth;
        }
        state.slashes = slashes;
        state.parts = parts;
      }
      return state;
    };
    module.exports = scan;
  }
});

// node_modules/picomatch/lib/parse.js
var require_parse = __commonJS({
  "node_modules/picomatch/lib/parse.js"(exports, module) {
    "use strict";
    var constants = require_constants();
    var utils = require_utils2();
    var {
      MAX_LENGTH,
      POSIX_REGEX_SOURCE,
      REGEX_NON_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_BACKREF,
      REPLACEMENTS
    } = constants;
    var expandRange = (args, options) => {
      if (typeof options.expandRange === "function") {
        return options.expandRange(...args, options);
      }
      args.sort();
      const value = `[${args.join("-")}]`;
      try {
        new RegExp(value);
      } catch (ex) {
        return args.map((v) => utils.escapeRegex(v)).join("..");
      }
      return value;
    };
    var syntaxError = (type, char) => {
      return `Missing ${type}: "${char}" - use "\\\\${char}" to match literal characters`;
    };
    var splitTopLevel = (input) => {
      const parts = [];
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let value = "";
      let escaped = false;
      for (const ch of input) {
        if (escaped === true) {
          value += ch;
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          value += ch;
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          value += ch;
          continue;
        }
        if (quote === 0) {
          if (ch === "[") {
            bracket++;
          } else if (ch === "]" && bracket > 0) {
            bracket--;
          } else if (bracket === 0) {
            if (ch === "(") {
              paren++;
            } else if (ch === ")" && paren > 0) {
              paren--;
            } else if (ch === "|" && paren === 0) {
              parts.push(value);
              value = "";
              continue;
            }
          }
        }
        value += ch;
      }
      parts.push(value);
      return parts;
    };
    var isPlainBranch = (branch) => {
      let escaped = false;
      for (const ch of branch) {
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (/[?*+@!()[\]{}]/.test(ch)) {
          return false;
        }
      }
      return true;
    };
    var normalizeSimpleBranch = (branch) => {
      let value = branch.trim();
      let changed = true;
      while (changed === true) {
        changed = false;
        if (/^@\([^\\()[\]{}|]+\)$/.test(value)) {
          value = value.slice(2, -1);
          changed = true;
        }
      }
      if (!isPlainBranch(value)) {
        return;
      }
      return value.replace(/\\(.)/g, "$1");
    };
    var hasRepeatedCharPrefixOverlap = (branches) => {
      const values = branches.map(normalizeSimpleBranch).filter(Boolean);
      for (let i = 0; i < values.length; i++) {
        for (let j = i + 1; j < values.length; j++) {
          const a = values[i];
          const b = values[j];
          const char = a[0];
          if (!char || a !== char.repeat(a.length) || b !== char.repeat(b.length)) {
            continue;
          }
          if (a === b || a.startsWith(b) || b.startsWith(a)) {
            return true;
          }
        }
      }
      return false;
    };
    var parseRepeatedExtglob = (pattern, requireEnd = true) => {
      if (pattern[0] !== "+" && pattern[0] !== "*" || pattern[1] !== "(") {
        return;
      }
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let escaped = false;
      for (let i = 1; i < pattern.length; i++) {
        const ch = pattern[i];
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          continue;
        }
        if (quote === 1) {
          continue;
        }
        if (ch === "[") {
          bracket++;
          continue;
        }
        if (ch === "]" && bracket > 0) {
          bracket--;
          continue;
        }
        if (bracket > 0) {
          continue;
        }
        if (ch === "(") {
          paren++;
          continue;
        }
        if (ch === ")") {
          paren--;
          if (paren === 0) {
            if (requireEnd === true && i !== pattern.length - 1) {
              return;
            }
            return {
              type: pattern[0],
              body: pattern.slice(2, i),
              end: i
            };
          }
        }
      }
    };
    var buildCharClassStar = (chars) => {
      const source = chars.length === 1 ? utils.escapeRegex(chars[0]) : `[${chars.map((ch) => utils.escapeRegex(ch)).join("")}]`;
      return `${source}*`;
    };
    var getStarExtglobSequenceChars = (pattern) => {
      let index = 0;
      const chars = [];
      while (index < pattern.length) {
        const match = parseRepeatedExtglob(pattern.slice(index), false);
        if (!match || match.type !== "*") {
          return;
        }
        const branches = splitTopLevel(match.body).map((branch2) => branch2.trim());
        if (branches.length !== 1) {
          return;
        }
        const branch = normalizeSimpleBranch(branches[0]);
        if (!branch || branch.length !== 1) {
          return;
        }
        chars.push(branch);
        index += match.end + 1;
      }
      if (chars.length < 1) {
        return;
      }
      return chars;
    };
    var repeatedExtglobRecursion = (pattern) => {
      let depth = 0;
      let value = pattern.trim();
      let match = parseRepeatedExtglob(value);
      while (match) {
        depth++;
        value = match.body.trim();
        match = parseRepeatedExtglob(value);
      }
      return depth;
    };
    var analyzeRepeatedExtglob = (body, options) => {
      if (options.maxExtglobRecursion === false) {
        return { risky: false };
      }
      const max = typeof options.maxExtglobRecursion === "number" ? options.maxExtglobRecursion : constants.DEFAULT_MAX_EXTGLOB_RECURSION;
      const branches = splitTopLevel(body).map((branch) => branch.trim());
      if (branches.length > 1) {
        if (branches.some((branch) => branch === "") || branches.some((branch) => /^[*?]+$/.test(branch)) || hasRepeatedCharPrefixOverlap(branches)) {
          return { risky: true };
        }
      }
      const safeChars = [];
      let sawStarSequence = false;
      let combinable = true;
      for (const branch of branches) {
        const chars = getStarExtglobSequenceChars(branch);
        if (chars) {
          sawStarSequence = true;
          safeChars.push(...chars);
          continue;
        }
        const literal = normalizeSimpleBranch(branch);
        if (literal && literal.length === 1) {
          safeChars.push(literal);
          continue;
        }
        combinable = false;
        if (repeatedExtglobRecursion(branch) > max) {
          return { risky: true };
        }
      }
      if (sawStarSequence) {
        return combinable ? { risky: true, safeOutput: buildCharClassStar([...new Set(safeChars)]) } : { risky: true };
      }
      return { risky: false };
    };
    var parse2 = (input, options) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected a string");
      }
      input = REPLACEMENTS[input] || input;
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      let len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      const bos = { type: "bos", value: "", output: opts.prepend || "" };
      const tokens = [bos];
      const capture = opts.capture ? "" : "?:";
      const PLATFORM_CHARS = constants.globChars(opts.windows);
      const EXTGLOB_CHARS = constants.extglobChars(PLATFORM_CHARS);
      const {
        DOT_LITERAL,
        PLUS_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOT_SLASH,
        NO_DOTS_SLASH,
        QMARK,
        QMARK_NO_DOT,
        STAR,
        START_ANCHOR
      } = PLATFORM_CHARS;
      const globstar = (opts2) => {
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const nodot = opts.dot ? "" : NO_DOT;
      const qmarkNoDot = opts.dot ? QMARK : QMARK_NO_DOT;
      let star = opts.bash === true ? globstar(opts) : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      if (typeof opts.noext === "boolean") {
        opts.noextglob = opts.noext;
      }
      const state = {
        input,
        index: -1,
        start: 0,
        dot: opts.dot === true,
        consumed: "",
        output: "",
        prefix: "",
        backtrack: false,
        negated: false,
        brackets: 0,
        braces: 0,
        parens: 0,
        quotes: 0,
        globstar: false,
        tokens
      };
      input = utils.removePrefix(input, state);
      len = input.length;
      const extglobs = [];
      const braces = [];
      const stack = [];
      let prev = bos;
      let value;
      const eos = () => state.index === len - 1;
      const peek = state.peek = (n = 1) => input[state.index + n];
      const advance = state.advance = () => input[++state.index] || "";
      const remaining = () => input.slice(state.index + 1);
      const consume = (value2 = "", num = 0) => {
        state.consumed += value2;
        state.index += num;
      };
      const append = (token) => {
        state.output += token.output != null ? token.output : token.value;
        consume(token.value);
      };
      const negate = () => {
        let count = 1;
        while (peek() === "!" && (peek(2) !== "(" || peek(3) === "?")) {
          advance();
          state.start++;
          count++;
        }
        if (count % 2 === 0) {
          return false;
        }
        state.negated = true;
        state.start++;
        return true;
      };
      const increment = (type) => {
        state[type]++;
        stack.push(type);
      };
      const decrement = (type) => {
        state[type]--;
        stack.pop();
      };
      const push = (tok) => {
        if (prev.type === "globstar") {
          const isBrace = state.braces > 0 && (tok.type === "comma" || tok.type === "brace");
          const isExtglob = tok.extglob === true || extglobs.length && (tok.type === "pipe" || tok.type === "paren");
          if (tok.type !== "slash" && tok.type !== "paren" && !isBrace && !isExtglob) {
            state.output = state.output.slice(0, -prev.output.length);
            prev.type = "star";
            prev.value = "*";
            prev.output = star;
            state.output += prev.output;
          }
        }
        if (extglobs.length && tok.type !== "paren") {
          extglobs[extglobs.length - 1].inner += tok.value;
        }
        if (tok.value || tok.output) append(tok);
        if (prev && prev.type === "text" && tok.type === "text") {
          prev.output = (prev.output || prev.value) + tok.value;
          prev.value += tok.value;
          return;
        }
        tok.prev = prev;
        tokens.push(tok);
        prev = tok;
      };
      const extglobOpen = (type, value2) => {
        const token = { ...EXTGLOB_CHARS[value2], conditions: 1, inner: "" };
        token.prev = prev;
        token.parens = state.parens;
        token.output = state.output;
        token.startIndex = state.index;
        token.tokensIndex = tokens.length;
        const output = (opts.capture ? "(" : "") + token.open;
        increment("parens");
        push({ type, value: value2, output: state.output ? "" : ONE_CHAR });
        push({ type: "paren", extglob: true, value: advance(), output });
        extglobs.push(token);
      };
      const extglobClose = (token) => {
        const literal = input.slice(token.startIndex, state.index + 1);
        const body = input.slice(token.startIndex + 2, state.index);
        const analysis = analyzeRepeatedExtglob(body, opts);
        if ((token.type === "plus" || token.type === "star") && analysis.risky) {
          const safeOutput = analysis.safeOutput ? (token.output ? "" : ONE_CHAR) + (opts.capture ? `(${analysis.safeOutput})` : analysis.safeOutput) : void 0;
          const open = tokens[token.tokensIndex];
          open.type = "text";
          open.value = literal;
          open.output = safeOutput || utils.escapeRegex(literal);
          for (let i = token.tokensIndex + 1; i < tokens.length; i++) {
            tokens[i].value = "";
            tokens[i].output = "";
            delete tokens[i].suffix;
          }
          state.output = token.output + open.output;
          state.backtrack = true;
          push({ type: "paren", extglob: true, value, output: "" });
          decrement("parens");
          return;
        }
        let output = token.close + (opts.capture ? ")" : "");
        let rest;
        if (token.type === "negate") {
          let extglobStar = star;
          if (token.inner && token.inner.length > 1 && token.inner.includes("/")) {
            extglobStar = globstar(opts);
          }
          if (extglobStar !== star || eos() || /^\)+$/.test(remaining())) {
            output = token.close = `)$))${extglobStar}`;
          }
          if (token.inner.includes("*") && (rest = remaining()) && /^\.[^\\/.]+$/.test(rest)) {
            const expression = parse2(rest, { ...options, fastpaths: false }).output;
            output = token.close = `)${expression})${extglobStar})`;
          }
          if (token.prev.type === "bos") {
            state.negatedExtglob = true;
          }
        }
        push({ type: "paren", extglob: true, value, output });
        decrement("parens");
      };
      if (opts.fastpaths !== false && !/(^[*!]|[/()[\]{}"])/.test(input)) {
        let backslashes = false;
        let output = input.replace(REGEX_SPECIAL_CHARS_BACKREF, (m, esc, chars, first, rest, index) => {
          if (first === "\\") {
            backslashes = true;
            return m;
          }
          if (first === "?") {
            if (esc) {
              return esc + first + (rest ? QMARK.repeat(rest.length) : "");
            }
            if (index === 0) {
              return qmarkNoDot + (rest ? QMARK.repeat(rest.length) : "");
            }
            return QMARK.repeat(chars.length);
          }
          if (first === ".") {
            return DOT_LITERAL.repeat(chars.length);
          }
          if (first === "*") {
            if (esc) {
              return esc + first + (rest ? star : "");
            }
            return star;
          }
          return esc ? m : `\\${m}`;
        });
        if (backslashes === true) {
          if (opts.unescape === true) {
            output = output.replace(/\\/g, "");
          } else {
            output = output.replace(/\\+/g, (m) => {
              return m.length % 2 === 0 ? "\\\\" : m ? "\\" : "";
            });
          }
        }
        if (output === input && opts.contains === true) {
          state.output = input;
          return state;
        }
        state.output = utils.wrapOutput(output, state, options);
        return state;
      }
      while (!eos()) {
        value = advance();
        if (value === "\0") {
          continue;
        }
        if (value === "\\") {
          const next = peek();
          if (next === "/" && opts.bash !== true) {
            continue;
          }
          if (next === "." || next === ";") {
            continue;
          }
          if (!next) {
            value += "\\";
            push({ type: "text", value });
            continue;
          }
          const match = /^\\+/.exec(remaining());
          let slashes = 0;
          if (match && match[0].length > 2) {
            slashes = match[0].length;
            state.index += slashes;
            if (slashes % 2 !== 0) {
              value += "\\";
            }
          }
          if (opts.unescape === true) {
            value = advance();
          } else {
            value += advance();
          }
          if (state.brackets === 0) {
            push({ type: "text", value });
            continue;
          }
        }
        if (state.brackets > 0 && (value !== "]" || prev.value === "[" || prev.value === "[^")) {
          if (opts.posix !== false && value === ":") {
            const inner = prev.value.slice(1);
            if (inner.includes("[")) {
              prev.posix = true;
              if (inner.includes(":")) {
                const idx = prev.value.lastIndexOf("[");
                const pre = prev.value.slice(0, idx);
                const rest2 = prev.value.slice(idx + 2);
                const posix2 = POSIX_REGEX_SOURCE[rest2];
                if (posix2) {
                  prev.value = pre + posix2;
                  state.backtrack = true;
                  advance();
                  if (!bos.output && tokens.indexOf(prev) === 1) {
                    bos.output = ONE_CHAR;
                  }
                  continue;
                }
              }
            }
          }
          if (value === "[" && peek() !== ":" || value === "-" && peek() === "]") {
            value = `\\${value}`;
          }
          if (value === "]" && (prev.value === "[" || prev.value === "[^")) {
            value = `\\${value}`;
          }
          if (opts.posix === true && value === "!" && prev.value === "[") {
            value = "^";
          }
          prev.value += value;
          append({ value });
          continue;
        }
        if (state.quotes === 1 && value !== '"') {
          value = utils.escapeRegex(value);
          prev.value += value;
          append({ value });
          continue;
        }
        if (value === '"') {
          state.quotes = state.quotes === 1 ? 0 : 1;
          if (opts.keepQuotes === true) {
            push({ type: "text", value });
          }
          continue;
        }
        if (value === "(") {
          increment("parens");
          push({ type: "paren", value });
          continue;
        }
        if (value === ")") {
          if (state.parens === 0 && opts.strictBrackets === true) {
            throw new SyntaxError(syntaxError("opening", "("));
          }
          const extglob = extglobs[extglobs.length - 1];
          if (extglob && state.parens === extglob.parens + 1) {
            extglobClose(extglobs.pop());
            continue;
          }
          push({ type: "paren", value, output: state.parens ? ")" : "\\)" });
          decrement("parens");
          continue;
        }
        if (value === "[") {
          if (opts.nobracket === true || !remaining().includes("]")) {
            if (opts.nobracket !== true && opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("closing", "]"));
            }
            value = `\\${value}`;
          } else {
            increment("brackets");
          }
          push({ type: "bracket", value });
          continue;
        }
        if (value === "]") {
          if (opts.nobracket === true || prev && prev.type === "bracket" && prev.value.length === 1) {
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          if (state.brackets === 0) {
            if (opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("opening", "["));
            }
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          decrement("brackets");
          const prevValue = prev.value.slice(1);
          if (prev.posix !== true && prevValue[0] === "^" && !prevValue.includes("/")) {
            value = `/${value}`;
          }
          prev.value += value;
          append({ value });
          if (opts.literalBrackets === false || utils.hasRegexChars(prevValue)) {
            continue;
          }
          const escaped = utils.escapeRegex(prev.value);
          state.output = state.output.slice(0, -prev.value.length);
          if (opts.literalBrackets === true) {
            state.output += escaped;
            prev.value = escaped;
            continue;
          }
          prev.value = `(${capture}${escaped}|${prev.value})`;
          state.output += prev.value;
          continue;
        }
        if (value === "{" && opts.nobrace !== true) {
          increment("braces");
          const open = {
            type: "brace",
            value,
            output: "(",
            outputIndex: state.output.length,
            tokensIndex: state.tokens.length
          };
          braces.push(open);
          push(open);
          continue;
        }
        if (value === "}") {
          const brace = braces[braces.length - 1];
          if (opts.nobrace === true || !brace) {
            push({ type: "text", value, output: value });
            continue;
          }
          let output = ")";
          if (brace.dots === true) {
            const arr = tokens.slice();
            const range = [];
            for (let i = arr.length - 1; i >= 0; i--) {
              tokens.pop();
              if (arr[i].type === "brace") {
                break;
              }
              if (arr[i].type !== "dots") {
                range.unshift(arr[i].value);
              }
            }
            output = expandRange(range, opts);
            state.backtrack = true;
          }
          if (brace.comma !== true && brace.dots !== true) {
            const out = state.output.slice(0, brace.outputIndex);
            const toks = state.tokens.slice(brace.tokensIndex);
            brace.value = brace.output = "\\{";
            value = output = "\\}";
            state.output = out;
            for (const t of toks) {
              state.output += t.output || t.value;
            }
          }
          push({ type: "brace", value, output });
          decrement("braces");
          braces.pop();
          continue;
        }
        if (value === "|") {
          if (extglobs.length > 0) {
            extglobs[extglobs.length - 1].conditions++;
          }
          push({ type: "text", value });
          continue;
        }
        if (value === ",") {
          let output = value;
          const brace = braces[braces.length - 1];
          if (brace && stack[stack.length - 1] === "braces") {
            brace.comma = true;
            output = "|";
          }
          push({ type: "comma", value, output });
          continue;
        }
        if (value === "/") {
          if (prev.type === "dot" && state.index === state.start + 1) {
            state.start = state.index + 1;
            state.consumed = "";
            state.output = "";
            tokens.pop();
            prev = bos;
            continue;
          }
          push({ type: "slash", value, output: SLASH_LITERAL });
          continue;
        }
        if (value === ".") {
          if (state.braces > 0 && prev.type === "dot") {
            if (prev.value === ".") prev.output = DOT_LITERAL;
            const brace = braces[braces.length - 1];
            prev.type = "dots";
            prev.output += value;
            prev.value += value;
            brace.dots = true;
            continue;
          }
          if (state.braces + state.parens === 0 && prev.type !== "bos" && prev.type !== "slash") {
            push({ type: "text", value, output: DOT_LITERAL });
            continue;
          }
          push({ type: "dot", value, output: DOT_LITERAL });
          continue;
        }
        if (value === "?") {
          const isGroup = prev && prev.value === "(";
          if (!isGroup && opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("qmark", value);
            continue;
          }
          if (prev && prev.type === "paren") {
            const next = peek();
            let output = value;
            if (prev.value === "(" && !/[!=<:]/.test(next) || next === "<" && !/<([!=]|\w+>)/.test(remaining())) {
              output = `\\${value}`;
            }
            push({ type: "text", value, output });
            continue;
          }
          if (opts.dot !== true && (prev.type === "slash" || prev.type === "bos")) {
            push({ type: "qmark", value, output: QMARK_NO_DOT });
            continue;
          }
          push({ type: "qmark", value, output: QMARK });
          continue;
        }
        if (value === "!") {
          if (opts.noextglob !== true && peek() === "(") {
            if (peek(2) !== "?" || !/[!=<:]/.test(peek(3))) {
              extglobOpen("negate", value);
              continue;
            }
          }
          if (opts.nonegate !== true && state.index === 0) {
            negate();
            continue;
          }
        }
        if (value === "+") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("plus", value);
            continue;
          }
          if (prev && prev.value === "(" || opts.regex === false) {
            push({ type: "plus", value, output: PLUS_LITERAL });
            continue;
          }
          if (prev && (prev.type === "bracket" || prev.type === "paren" || prev.type === "brace") || state.parens > 0) {
            push({ type: "plus", value });
            continue;
          }
          push({ type: "plus", value: PLUS_LITERAL });
          continue;
        }
        if (value === "@") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            push({ type: "at", extglob: true, value, output: "" });
            continue;
          }
          push({ type: "text", value });
          continue;
        }
        if (value !== "*") {
          if (value === "$" || value === "^") {
            value = `\\${value}`;
          }
          const match = REGEX_NON_SPECIAL_CHARS.exec(remaining());
          if (match) {
            value += match[0];
            state.index += match[0].length;
          }
          push({ type: "text", value });
          continue;
        }
        if (prev && (prev.type === "globstar" || prev.star === true)) {
          prev.type = "star";
          prev.star = true;
          prev.value += value;
          prev.output = star;
          state.backtrack = true;
          state.globstar = true;
          consume(value);
          continue;
        }
        let rest = remaining();
        if (opts.noextglob !== true && /^\([^?]/.test(rest)) {
          extglobOpen("star", value);
          continue;
        }
        if (prev.type === "star") {
          if (opts.noglobstar === true) {
            consume(value);
            continue;
          }
          const prior = prev.prev;
          const before = prior.prev;
          const isStart = prior.type === "slash" || prior.type === "bos";
          const afterStar = before && (before.type === "star" || before.type === "globstar");
          if (opts.bash === true && (!isStart || rest[0] && rest[0] !== "/")) {
            push({ type: "star", value, output: "" });
            continue;
          }
          const isBrace = state.braces > 0 && (prior.type === "comma" || prior.type === "brace");
          const isExtglob = extglobs.length && (prior.type === "pipe" || prior.type === "paren");
          if (!isStart && prior.type !== "paren" && !isBrace && !isExtglob) {
            push({ type: "star", value, output: "" });
            continue;
          }
          while (rest.slice(0, 3) === "/**") {
            const after = input[state.index + 4];
            if (after && after !== "/") {
              break;
            }
            rest = rest.slice(3);
            consume("/**", 3);
          }
          const isEnd = eos() || state.parens > 0 && rest === ")".repeat(state.parens) && !extglobs.some((extglob) => extglob.type === "negate");
          if (prior.type === "bos" && eos()) {
            prev.type = "globstar";
            prev.value += value;
            prev.output = globstar(opts);
            state.output = prev.output;
            state.globstar = true;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && !afterStar && isEnd) {
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = globstar(opts) + (opts.strictSlashes ? ")" : "|$)");
            prev.value += value;
            state.globstar = true;
            state.output += prior.output + prev.output;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && rest[0] === "/") {
            const end = rest[1] !== void 0 ? "|$" : "";
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = `${globstar(opts)}${SLASH_LITERAL}|${SLASH_LITERAL}${end})`;
            prev.value += value;
            state.output += prior.output + prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          if (prior.type === "bos" && rest[0] === "/") {
            prev.type = "globstar";
            prev.value += value;
            prev.output = `(?:^|${SLASH_LITERAL}|${globstar(opts)}${SLASH_LITERAL})`;
            state.output = prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          state.output = state.output.slice(0, -prev.output.length);
          prev.type = "globstar";
          prev.output = globstar(opts);
          prev.value += value;
          state.output += prev.output;
          state.globstar = true;
          consume(value);
          continue;
        }
        const token = { type: "star", value, output: star };
        if (opts.bash === true) {
          token.output = ".*?";
          if (prev.type === "bos" || prev.type === "slash") {
            token.output = nodot + token.output;
          }
          push(token);
          continue;
        }
        if (prev && (prev.type === "bracket" || prev.type === "paren") && opts.regex === true) {
          token.output = value;
          push(token);
          continue;
        }
        if (state.index === state.start || prev.type === "slash" || prev.type === "dot") {
          if (prev.type === "dot") {
            state.output += NO_DOT_SLASH;
            prev.output += NO_DOT_SLASH;
          } else if (opts.dot === true) {
            state.output += NO_DOTS_SLASH;
            prev.output += NO_DOTS_SLASH;
          } else {
            state.output += nodot;
            prev.output += nodot;
          }
          if (peek() !== "*") {
            state.output += ONE_CHAR;
            prev.output += ONE_CHAR;
          }
        }
        push(token);
      }
      while (state.brackets > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "]"));
        state.output = utils.escapeLast(state.output, "[");
        decrement("brackets");
      }
      while (state.parens > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", ")"));
        state.output = utils.escapeLast(state.output, "(");
        decrement("parens");
      }
      while (state.braces > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "}"));
        state.output = utils.escapeLast(state.output, "{");
        decrement("braces");
      }
      if (opts.strictSlashes !== true && (prev.type === "star" || prev.type === "bracket")) {
        push({ type: "maybe_slash", value: "", output: `${SLASH_LITERAL}?` });
      }
      if (state.backtrack === true) {
        state.output = "";
        for (const token of state.tokens) {
          state.output += token.output != null ? token.output : token.value;
          if (token.suffix) {
            state.output += token.suffix;
          }
        }
      }
      return state;
    };
    parse2.fastpaths = (input, options) => {
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      const len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      input = REPLACEMENTS[input] || input;
      const {
        DOT_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOTS,
        NO_DOTS_SLASH,
        STAR,
        START_ANCHOR
      } = constants.globChars(opts.windows);
      const nodot = opts.dot ? NO_DOTS : NO_DOT;
      const slashDot = opts.dot ? NO_DOTS_SLASH : NO_DOT;
      const capture = opts.capture ? "" : "?:";
      const state = { negated: false, prefix: "" };
      let star = opts.bash === true ? ".*?" : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      const globstar = (opts2) => {
        if (opts2.noglobstar === true) return star;
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const create = (str) => {
        switch (str) {
          case "*":
            return `${nodot}${ONE_CHAR}${star}`;
          case ".*":
            return `${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*.*":
            return `${nodot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*/*":
            return `${nodot}${star}${SLASH_LITERAL}${ONE_CHAR}${slashDot}${star}`;
          case "**":
            return nodot + globstar(opts);
          case "**/*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${ONE_CHAR}${star}`;
          case "**/*.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "**/.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${DOT_LITERAL}${ONE_CHAR}${star}`;
          default: {
            const match = /^(.*?)\.(\w+)$/.exec(str);
            if (!match) return;
            const source2 = create(match[1]);
            if (!source2) return;
            return source2 + DOT_LITERAL + match[2];
          }
        }
      };
      const output = utils.removePrefix(input, state);
      let source = create(output);
      if (source && opts.strictSlashes !== true) {
        source += `${SLASH_LITERAL}?`;
      }
      return source;
    };
    module.exports = parse2;
  }
});

// node_modules/picomatch/lib/picomatch.js
var require_picomatch = __commonJS({
  "node_modules/picomatch/lib/picomatch.js"(exports, module) {
    "use strict";
    var scan = require_scan();
    var parse2 = require_parse();
    var utils = require_utils2();
    var constants = require_constants();
    var isObject2 = (val) => val && typeof val === "object" && !Array.isArray(val);
    var picomatch2 = (glob, options, returnState = false) => {
      if (Array.isArray(glob)) {
        const fns = glob.map((input) => picomatch2(input, options, returnState));
        const arrayMatcher = (str) => {
          for (const isMatch of fns) {
            const state2 = isMatch(str);
            if (state2) return state2;
          }
          return false;
        };
        return arrayMatcher;
      }
      const isState = isObject2(glob) && glob.tokens && glob.input;
      if (glob === "" || typeof glob !== "string" && !isState) {
        throw new TypeError("Expected pattern to be a non-empty string");
      }
      const opts = options || {};
      const posix2 = opts.windows;
      const regex = isState ? picomatch2.compileRe(glob, options) : picomatch2.makeRe(glob, options, false, true);
      const state = regex.state;
      delete regex.state;
      let isIgnored = () => false;
      if (opts.ignore) {
        const ignoreOpts = { ...options, ignore: null, onMatch: null, onResult: null };
        isIgnored = picomatch2(opts.ignore, ignoreOpts, returnState);
      }
      const matcher = (input, returnObject = false) => {
        const { isMatch, match, output } = picomatch2.test(input, regex, options, { glob, posix: posix2 });
        const result2 = { glob, state, regex, posix: posix2, input, output, match, isMatch };
        if (typeof opts.onResult === "function") {
          opts.onResult(result2);
        }
        if (isMatch === false) {
          result2.isMatch = false;
          return returnObject ? result2 : false;
        }
        if (isIgnored(input)) {
          if (typeof opts.onIgnore === "function") {
            opts.onIgnore(result2);
          }
          result2.isMatch = false;
          return returnObject ? result2 : false;
        }
        if (typeof opts.onMatch === "function") {
          opts.onMatch(result2);
        }
        return returnObject ? result2 : true;
      };
      if (returnState) {
        matcher.state = state;
      }
      return matcher;
    };
    picomatch2.test = (input, regex, options, { glob, posix: posix2 } = {}) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected input to be a string");
      }
      if (input === "") {
        return { isMatch: false, output: "" };
      }
      const opts = options || {};
      const format = opts.format || (posix2 ? utils.toPosixSlashes : null);
      let match = input === glob;
      let output = match && format ? format(input) : input;
      if (match === false) {
        output = format ? format(input) : input;
        match = output === glob;
      }
      if (match === false || opts.capture === true) {
        if (opts.matchBase === true || opts.basename === true) {
          match = picomatch2.matchBase(input, regex, options, posix2);
        } else {
          match = regex.exec(output);
        }
      }
      return { isMatch: Boolean(match), match, output };
    };
    picomatch2.matchBase = (input, glob, options, posix2 = options && options.windows) => {
      const regex = glob instanceof RegExp ? glob : picomatch2.makeRe(glob, options);
      return regex.test(utils.basename(input, { windows: posix2 }));
    };
    picomatch2.isMatch = (str, patterns, options) => picomatch2(patterns, options)(str);
    picomatch2.parse = (pattern, options) => {
      if (Array.isArray(pattern)) return pattern.map((p) => picomatch2.parse(p, options));
      return parse2(pattern, { ...options, fastpaths: false });
    };
    picomatch2.scan = (input, options) => scan(input, options);
    picomatch2.compileRe = (state, options, returnOutput = false, returnState = false) => {
      if (returnOutput === true) {
        return state.output;
      }
      const opts = options || {};
      const prepend = opts.contains ? "" : "^";
      const append = opts.contains ? "" : "$";
      let source = `${prepend}(?:${state.output})${append}`;
      if (state && state.negated === true) {
        source = `^(?!${source}).*$`;
      }
      const regex = picomatch2.toRegex(source, options);
      if (returnState === true) {
        regex.state = state;
      }
      return regex;
    };
    picomatch2.makeRe = (input, options = {}, returnOutput = false, returnState = false) => {
      if (!input || typeof input !== "string") {
        throw new TypeError("Expected a non-empty string");
      }
      let parsed = { negated: false, fastpaths: true };
      if (options.fastpaths !== false && (input[0] === "." || input[0] === "*")) {
        parsed.output = parse2.fastpaths(input, options);
      }
      if (!parsed.output) {
        parsed = parse2(input, options);
      }
      return picomatch2.compileRe(parsed, options, returnOutput, returnState);
    };
    picomatch2.toRegex = (source, options) => {
      try {
        const opts = options || {};
        return new RegExp(source, opts.flags || (opts.nocase ? "i" : ""));
      } catch (err) {
        if (options && options.debug === true) throw err;
        return /$^/;
      }
    };
    picomatch2.constants = constants;
    module.exports = picomatch2;
  }
});

// node_modules/picomatch/index.js
var require_picomatch2 = __commonJS({
  "node_modules/picomatch/index.js"(exports, module) {
    "use strict";
    var pico = require_picomatch();
    var utils = require_utils2();
    function picomatch2(glob, options, returnState = false) {
      if (options && (options.windows === null || options.windows === void 0)) {
        options = { ...options, windows: utils.isWindows() };
      }
      return pico(glob, options, returnState);
    }
    Object.assign(picomatch2, pico);
    module.exports = picomatch2;
  }
});

// node_modules/cron-parser/dist/fields/types.js
var require_types2 = __commonJS({
  "node_modules/cron-parser/dist/fields/types.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
  }
});

// node_modules/cron-parser/dist/fields/CronField.js
var require_CronField = __commonJS({
  "node_modules/cron-parser/dist/fields/CronField.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronField = void 0;
    var CronField = class _CronField {
      #hasLastChar = false;
      #hasQuestionMarkChar = false;
      #wildcard = false;
      #values = [];
      options = { rawValue: "" };
      /**
       * Returns the minimum value allowed for this field.
       */
      /* istanbul ignore next */
      static get min() {
        throw new Error("min must be overridden");
      }
      /**
       * Returns the maximum value allowed for this field.
       */
      /* istanbul ignore next */
      static get max() {
        throw new Error("max must be overridden");
      }
      /**
       * Returns the allowed characters for this field.
       */
      /* istanbul ignore next */
      static get chars() {
        return Object.freeze([]);
      }
      /**
       * Returns whether a string value, such as `L`, is allowed in this field.
       * @param {string} value - The value to check
       * @returns {boolean}
       */
      static isValidChar(value) {
        return this.chars.includes(value);
      }
      /**
       * Returns the regular expression used to validate this field.
       */
      static get validChars() {
        return /^(?:[?,*\dH/-]|H\(\d+-\d+\))+$/;
      }
      /**
       * Returns the constraints for this field.
       */
      static get constraints() {
        return { min: this.min, max: this.max, chars: this.chars, validChars: this.validChars };
      }
      /**
       * CronField constructor. Initializes the field with the provided values.
       * @param {number[] | string[]} values - Values for this field
       * @param {CronFieldOptions} [options] - Options provided by the parser
       * @throws {TypeError} if the constructor is called directly
       * @throws {Error} if validation fails
       */
      constructor(values, options = { rawValue: "" }) {
        if (!Array.isArray(values)) {
          throw new Error(`${this.constructor.name} Validation error, values is not an array`);
        }
        if (!(values.length > 0)) {
          throw new Error(`${this.constructor.name} Validation error, values contains no values`);
        }
        this.options = {
          ...options,
          rawValue: options.rawValue ?? ""
        };
        this.#values = [...values].sort(_CronField.sorter);
        this.#wildcard = this.options.wildcard !== void 0 ? this.options.wildcard : this.#isWildcardValue();
        this.#hasLastChar = this.options.rawValue.includes("L") || values.includes("L");
        this.#hasQuestionMarkChar = this.options.rawValue.includes("?") || values.includes("?");
      }
      /**
       * Returns the minimum value allowed for this field.
       * @returns {number}
       */
      get min() {
        return this.constructor.min;
      }
      /**
       * Returns the maximum value allowed for this field.
       * @returns {number}
       */
      get max() {
        return this.constructor.max;
      }
      /**
       * Returns an array of allowed special characters for this field.
       * @returns {string[]}
       */
      get chars() {
        return this.constructor.chars;
      }
      /**
       * Indicates whether this field has a "last" character.
       * @returns {boolean}
       */
      get hasLastChar() {
        return this.#hasLastChar;
      }
      /**
       * Indicates whether this field has a "question mark" character.
       * @returns {boolean}
       */
      get hasQuestionMarkChar() {
        return this.#hasQuestionMarkChar;
      }
      /**
       * Indicates whether this field is a wildcard.
       * @returns {boolean}
       */
      get isWildcard() {
        return this.#wildcard;
      }
      /**
       * Returns an array of allowed values for this field.
       * @returns {CronFieldType}
       */
      get values() {
        return this.#values;
      }
      /**
       * Helper function to sort values in ascending order.
       * @param {number | string} a - First value to compare
       * @param {number | string} b - Second value to compare
       * @returns {number} - A negative, zero, or positive value, depending on the sort order
       */
      static sorter(a, b) {
        const aIsNumber = typeof a === "number";
        const bIsNumber = typeof b === "number";
        if (aIsNumber && bIsNumber)
          return a - b;
        if (!aIsNumber && !bIsNumber)
          return a.localeCompare(b);
        return aIsNumber ? (
          /* istanbul ignore next - A will always be a number until L-2 is supported */
          -1
        ) : 1;
      }
      /**
       * Find the next (or previous when `reverse` is true) numeric value in a sorted list.
       * Returns null if there's no value strictly after/before the current one.
       *
       * @param values - Sorted numeric values
       * @param currentValue - Current value to compare against
       * @param reverse - When true, search in reverse for previous smaller value
       */
      static findNearestValueInList(values, currentValue, reverse) {
        if (reverse) {
          for (let i = values.length - 1; i >= 0; i--) {
            if (values[i] < currentValue)
              return values[i];
          }
          return null;
        }
        for (let i = 0; i < values.length; i++) {
          if (values[i] > currentValue)
            return values[i];
        }
        return null;
      }
      /**
       * Instance helper that operates on this field's numeric `values`.
       *
       * @param currentValue - Current value to compare against
       * @param reverse - When true, search in reverse for previous smaller value
       */
      findNearestValue(currentValue, reverse) {
        return this.constructor.findNearestValueInList(this.values, currentValue, reverse);
      }
      /**
       * Serializes the field to an object.
       * @returns {SerializedCronField}
       */
      serialize() {
        return {
          wildcard: this.#wildcard,
          values: this.#values
        };
      }
      /**
       * Validates the field values against the allowed range and special characters.
       * @throws {Error} if validation fails
       */
      validate() {
        let badValue;
        const charsString = this.chars.length > 0 ? ` or chars ${this.chars.join("")}` : "";
        const field2 = this.constructor;
        const rangeTest = (value) => {
          badValue = value;
          return typeof value === "number" ? value >= this.min && value <= this.max : field2.isValidChar(value);
        };
        const isValidRange = this.#values.every(rangeTest);
        if (!isValidRange) {
          throw new Error(`${this.constructor.name} Validation error, got value ${badValue} expected range ${this.min}-${this.max}${charsString}`);
        }
        const duplicate = this.#values.find((value, index) => this.#values.indexOf(value) !== index);
        if (duplicate !== void 0) {
          throw new Error(`${this.constructor.name} Validation error, duplicate values found: ${duplicate}`);
        }
      }
      /**
       * Determines if the field is a wildcard based on the values.
       * When options.rawValue is not empty, it checks if the raw value is a wildcard, otherwise it checks if all values in the range are included.
       * @returns {boolean}
       */
      #isWildcardValue() {
        if (this.options.rawValue.length > 0) {
          return ["*", "?"].includes(this.options.rawValue);
        }
        return Array.from({ length: this.max - this.min + 1 }, (_, i) => i + this.min).every((value) => this.#values.includes(value));
      }
    };
    exports.CronField = CronField;
  }
});

// node_modules/luxon/build/node/luxon.js
var require_luxon = __commonJS({
  "node_modules/luxon/build/node/luxon.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var LuxonError = class extends Error {
    };
    var InvalidDateTimeError = class extends LuxonError {
      constructor(reason) {
        super(`Invalid DateTime: ${reason.toMessage()}`);
      }
    };
    var InvalidIntervalError = class extends LuxonError {
      constructor(reason) {
        super(`Invalid Interval: ${reason.toMessage()}`);
      }
    };
    var InvalidDurationError = class extends LuxonError {
      constructor(reason) {
        super(`Invalid Duration: ${reason.toMessage()}`);
      }
    };
    var ConflictingSpecificationError = class extends LuxonError {
    };
    var InvalidUnitError = class extends LuxonError {
      constructor(unit) {
        super(`Invalid unit ${unit}`);
      }
    };
    var InvalidArgumentError = class extends LuxonError {
    };
    var ZoneIsAbstractError = class extends LuxonError {
      constructor() {
        super("Zone is an abstract class");
      }
    };
    var n = "numeric";
    var s = "short";
    var l = "long";
    var DATE_SHORT = {
      year: n,
      month: n,
      day: n
    };
    var DATE_MED = {
      year: n,
      month: s,
      day: n
    };
    var DATE_MED_WITH_WEEKDAY = {
      year: n,
      month: s,
      day: n,
      weekday: s
    };
    var DATE_FULL = {
      year: n,
      month: l,
      day: n
    };
    var DATE_HUGE = {
      year: n,
      month: l,
      day: n,
      weekday: l
    };
    var TIME_SIMPLE = {
      hour: n,
      minute: n
    };
    var TIME_WITH_SECONDS = {
      hour: n,
      minute: n,
      second: n
    };
    var TIME_WITH_SHORT_OFFSET = {
      hour: n,
      minute: n,
      second: n,
      timeZoneName: s
    };
    var TIME_WITH_LONG_OFFSET = {
      hour: n,
      minute: n,
      second: n,
      timeZoneName: l
    };
    var TIME_24_SIMPLE = {
      hour: n,
      minute: n,
      hourCycle: "h23"
    };
    var TIME_24_WITH_SECONDS = {
      hour: n,
      minute: n,
      second: n,
      hourCycle: "h23"
    };
    var TIME_24_WITH_SHORT_OFFSET = {
      hour: n,
      minute: n,
      second: n,
      hourCycle: "h23",
      timeZoneName: s
    };
    var TIME_24_WITH_LONG_OFFSET = {
      hour: n,
      minute: n,
      second: n,
      hourCycle: "h23",
      timeZoneName: l
    };
    var DATETIME_SHORT = {
      year: n,
      month: n,
      day: n,
      hour: n,
      minute: n
    };
    var DATETIME_SHORT_WITH_SECONDS = {
      year: n,
      month: n,
      day: n,
      hour: n,
      minute: n,
      second: n
    };
    var DATETIME_MED = {
      year: n,
      month: s,
      day: n,
      hour: n,
      minute: n
    };
    var DATETIME_MED_WITH_SECONDS = {
      year: n,
      month: s,
      day: n,
      hour: n,
      minute: n,
      second: n
    };
    var DATETIME_MED_WITH_WEEKDAY = {
      year: n,
      month: s,
      day: n,
      weekday: s,
      hour: n,
      minute: n
    };
    var DATETIME_FULL = {
      year: n,
      month: l,
      day: n,
      hour: n,
      minute: n,
      timeZoneName: s
    };
    var DATETIME_FULL_WITH_SECONDS = {
      year: n,
      month: l,
      day: n,
      hour: n,
      minute: n,
      second: n,
      timeZoneName: s
    };
    var DATETIME_HUGE = {
      year: n,
      month: l,
      day: n,
      weekday: l,
      hour: n,
      minute: n,
      timeZoneName: l
    };
    var DATETIME_HUGE_WITH_SECONDS = {
      year: n,
      month: l,
      day: n,
      weekday: l,
      hour: n,
      minute: n,
      second: n,
      timeZoneName: l
    };
    var Zone = class {
      /**
       * The type of zone
       * @abstract
       * @type {string}
       */
      get type() {
        throw new ZoneIsAbstractError();
      }
      /**
       * The name of this zone.
       * @abstract
       * @type {string}
       */
      get name() {
        throw new ZoneIsAbstractError();
      }
      /**
       * The IANA name of this zone.
       * Defaults to `name` if not overwritten by a subclass.
       * @abstract
       * @type {string}
       */
      get ianaName() {
        return this.name;
      }
      /**
       * Returns whether the offset is known to be fixed for the whole year.
       * @abstract
       * @type {boolean}
       */
      get isUniversal() {
        throw new ZoneIsAbstractError();
      }
      /**
       * Returns the offset's common name (such as EST) at the specified timestamp
       * @abstract
       * @param {number} ts - Epoch milliseconds for which to get the name
       * @param {Object} opts - Options to affect the format
       * @param {string} opts.format - What style of offset to return. Accepts 'long' or 'short'.
       * @param {string} opts.locale - What locale to return the offset name in.
       * @return {string}
       */
      offsetName(ts, opts) {
        throw new ZoneIsAbstractError();
      }
      /**
       * Returns the offset's value as a string
       * @abstract
       * @param {number} ts - Epoch milliseconds for which to get the offset
       * @param {string} format - What style of offset to return.
       *                          Accepts 'narrow', 'short', or 'techie'. Returning '+6', '+06:00', or '+0600' respectively
       * @return {string}
       */
      formatOffset(ts, format) {
        throw new ZoneIsAbstractError();
      }
      /**
       * Return the offset in minutes for this zone at the specified timestamp.
       * @abstract
       * @param {number} ts - Epoch milliseconds for which to compute the offset
       * @return {number}
       */
      offset(ts) {
        throw new ZoneIsAbstractError();
      }
      /**
       * Return whether this Zone is equal to another zone
       * @abstract
       * @param {Zone} otherZone - the zone to compare
       * @return {boolean}
       */
      equals(otherZone) {
        throw new ZoneIsAbstractError();
      }
      /**
       * Return whether this Zone is valid.
       * @abstract
       * @type {boolean}
       */
      get isValid() {
        throw new ZoneIsAbstractError();
      }
    };
    var singleton$1 = null;
    var SystemZone = class _SystemZone extends Zone {
      /**
       * Get a singleton instance of the local zone
       * @return {SystemZone}
       */
      static get instance() {
        if (singleton$1 === null) {
          singleton$1 = new _SystemZone();
        }
        return singleton$1;
      }
      /** @override **/
      get type() {
        return "system";
      }
      /** @override **/
      get name() {
        return new Intl.DateTimeFormat().resolvedOptions().timeZone;
      }
      /** @override **/
      get isUniversal() {
        return false;
      }
      /** @override **/
      offsetName(ts, {
        format,
        locale
      }) {
        return parseZoneInfo(ts, format, locale);
      }
      /** @override **/
      formatOffset(ts, format) {
        return formatOffset(this.offset(ts), format);
      }
      /** @override **/
      offset(ts) {
        return -new Date(ts).getTimezoneOffset();
      }
      /** @override **/
      equals(otherZone) {
        return otherZone.type === "system";
      }
      /** @override **/
      get isValid() {
        return true;
      }
    };
    var dtfCache = /* @__PURE__ */ new Map();
    function makeDTF(zoneName) {
      let dtf = dtfCache.get(zoneName);
      if (dtf === void 0) {
        dtf = new Intl.DateTimeFormat("en-US", {
          hour12: false,
          timeZone: zoneName,
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "2-digit",
          minute: "2-digit",
          second: "2-digit",
          era: "short"
        });
        dtfCache.set(zoneName, dtf);
      }
      return dtf;
    }
    var typeToPos = {
      year: 0,
      month: 1,
      day: 2,
      era: 3,
      hour: 4,
      minute: 5,
      second: 6
    };
    function hackyOffset(dtf, date) {
      const formatted = dtf.format(date).replace(/\u200E/g, ""), parsed = /(\d+)\/(\d+)\/(\d+) (AD|BC),? (\d+):(\d+):(\d+)/.exec(formatted), [, fMonth, fDay, fYear, fadOrBc, fHour, fMinute, fSecond] = parsed;
      return [fYear, fMonth, fDay, fadOrBc, fHour, fMinute, fSecond];
    }
    function partsOffset(dtf, date) {
      const formatted = dtf.formatToParts(date);
      const filled = [];
      for (let i = 0; i < formatted.length; i++) {
        const {
          type,
          value
        } = formatted[i];
        const pos = typeToPos[type];
        if (type === "era") {
          filled[pos] = value;
        } else if (!isUndefined(pos)) {
          filled[pos] = parseInt(value, 10);
        }
      }
      return filled;
    }
    var ianaZoneCache = /* @__PURE__ */ new Map();
    var IANAZone = class _IANAZone extends Zone {
      /**
       * @param {string} name - Zone name
       * @return {IANAZone}
       */
      static create(name) {
        let zone = ianaZoneCache.get(name);
        if (zone === void 0) {
          ianaZoneCache.set(name, zone = new _IANAZone(name));
        }
        return zone;
      }
      /**
       * Reset local caches. Should only be necessary in testing scenarios.
       * @return {void}
       */
      static resetCache() {
        ianaZoneCache.clear();
        dtfCache.clear();
      }
      /**
       * Returns whether the provided string is a valid specifier. This only checks the string's format, not that the specifier identifies a known zone; see isValidZone for that.
       * @param {string} s - The string to check validity on
       * @example IANAZone.isValidSpecifier("America/New_York") //=> true
       * @example IANAZone.isValidSpecifier("Sport~~blorp") //=> false
       * @deprecated For backward compatibility, this forwards to isValidZone, better use `isValidZone()` directly instead.
       * @return {boolean}
       */
      static isValidSpecifier(s2) {
        return this.isValidZone(s2);
      }
      /**
       * Returns whether the provided string identifies a real zone
       * @param {string} zone - The string to check
       * @example IANAZone.isValidZone("America/New_York") //=> true
       * @example IANAZone.isValidZone("Fantasia/Castle") //=> false
       * @example IANAZone.isValidZone("Sport~~blorp") //=> false
       * @return {boolean}
       */
      static isValidZone(zone) {
        if (!zone) {
          return false;
        }
        try {
          new Intl.DateTimeFormat("en-US", {
            timeZone: zone
          }).format();
          return true;
        } catch (e) {
          return false;
        }
      }
      constructor(name) {
        super();
        this.zoneName = name;
        this.valid = _IANAZone.isValidZone(name);
      }
      /**
       * The type of zone. `iana` for all instances of `IANAZone`.
       * @override
       * @type {string}
       */
      get type() {
        return "iana";
      }
      /**
       * The name of this zone (i.e. the IANA zone name).
       * @override
       * @type {string}
       */
      get name() {
        return this.zoneName;
      }
      /**
       * Returns whether the offset is known to be fixed for the whole year:
       * Always returns false for all IANA zones.
       * @override
       * @type {boolean}
       */
      get isUniversal() {
        return false;
      }
      /**
       * Returns the offset's common name (such as EST) at the specified timestamp
       * @override
       * @param {number} ts - Epoch milliseconds for which to get the name
       * @param {Object} opts - Options to affect the format
       * @param {string} opts.format - What style of offset to return. Accepts 'long' or 'short'.
       * @param {string} opts.locale - What locale to return the offset name in.
       * @return {string}
       */
      offsetName(ts, {
        format,
        locale
      }) {
        return parseZoneInfo(ts, format, locale, this.name);
      }
      /**
       * Returns the offset's value as a string
       * @override
       * @param {number} ts - Epoch milliseconds for which to get the offset
       * @param {string} format - What style of offset to return.
       *                          Accepts 'narrow', 'short', or 'techie'. Returning '+6', '+06:00', or '+0600' respectively
       * @return {string}
       */
      formatOffset(ts, format) {
        return formatOffset(this.offset(ts), format);
      }
      /**
       * Return the offset in minutes for this zone at the specified timestamp.
       * @override
       * @param {number} ts - Epoch milliseconds for which to compute the offset
       * @return {number}
       */
      offset(ts) {
        if (!this.valid) return NaN;
        const date = new Date(ts);
        if (isNaN(date)) return NaN;
        const dtf = makeDTF(this.name);
        let [year, month, day, adOrBc, hour, minute, second] = dtf.formatToParts ? partsOffset(dtf, date) : hackyOffset(dtf, date);
        if (adOrBc === "BC") {
          year = -Math.abs(year) + 1;
        }
        const adjustedHour = hour === 24 ? 0 : hour;
        const asUTC = objToLocalTS({
          year,
          month,
          day,
          hour: adjustedHour,
          minute,
          second,
          millisecond: 0
        });
        let asTS = +date;
        const over = asTS % 1e3;
        asTS -= over >= 0 ? over : 1e3 + over;
        return (asUTC - asTS) / (60 * 1e3);
      }
      /**
       * Return whether this Zone is equal to another zone
       * @override
       * @param {Zone} otherZone - the zone to compare
       * @return {boolean}
       */
      equals(otherZone) {
        return otherZone.type === "iana" && otherZone.name === this.name;
      }
      /**
       * Return whether this Zone is valid.
       * @override
       * @type {boolean}
       */
      get isValid() {
        return this.valid;
      }
    };
    var intlLFCache = {};
    function getCachedLF(locString, opts = {}) {
      const key = JSON.stringify([locString, opts]);
      let dtf = intlLFCache[key];
      if (!dtf) {
        dtf = new Intl.ListFormat(locString, opts);
        intlLFCache[key] = dtf;
      }
      return dtf;
    }
    var intlDTCache = /* @__PURE__ */ new Map();
    function getCachedDTF(locString, opts = {}) {
      const key = JSON.stringify([locString, opts]);
      let dtf = intlDTCache.get(key);
      if (dtf === void 0) {
        dtf = new Intl.DateTimeFormat(locString, opts);
        intlDTCache.set(key, dtf);
      }
      return dtf;
    }
    var intlNumCache = /* @__PURE__ */ new Map();
    function getCachedINF(locString, opts = {}) {
      const key = JSON.stringify([locString, opts]);
      let inf = intlNumCache.get(key);
      if (inf === void 0) {
        inf = new Intl.NumberFormat(locString, opts);
        intlNumCache.set(key, inf);
      }
      return inf;
    }
    var intlRelCache = /* @__PURE__ */ new Map();
    function getCachedRTF(locString, opts = {}) {
      const {
        base,
        ...cacheKeyOpts
      } = opts;
      const key = JSON.stringify([locString, cacheKeyOpts]);
      let inf = intlRelCache.get(key);
      if (inf === void 0) {
        inf = new Intl.RelativeTimeFormat(locString, opts);
        intlRelCache.set(key, inf);
      }
      return inf;
    }
    var sysLocaleCache = null;
    function systemLocale() {
      if (sysLocaleCache) {
        return sysLocaleCache;
      } else {
        sysLocaleCache = new Intl.DateTimeFormat().resolvedOptions().locale;
        return sysLocaleCache;
      }
    }
    var intlResolvedOptionsCache = /* @__PURE__ */ new Map();
    function getCachedIntResolvedOptions(locString) {
      let opts = intlResolvedOptionsCache.get(locString);
      if (opts === void 0) {
        opts = new Intl.DateTimeFormat(locString).resolvedOptions();
        intlResolvedOptionsCache.set(locString, opts);
      }
      return opts;
    }
    var weekInfoCache = /* @__PURE__ */ new Map();
    function getCachedWeekInfo(locString) {
      let data = weekInfoCache.get(locString);
      if (!data) {
        const locale = new Intl.Locale(locString);
        data = "getWeekInfo" in locale ? locale.getWeekInfo() : locale.weekInfo;
        if (!("minimalDays" in data)) {
          data = {
            ...fallbackWeekSettings,
            ...data
          };
        }
        weekInfoCache.set(locString, data);
      }
      return data;
    }
    function parseLocaleString(localeStr) {
      const xIndex = localeStr.indexOf("-x-");
      if (xIndex !== -1) {
        localeStr = localeStr.substring(0, xIndex);
      }
      const uIndex = localeStr.indexOf("-u-");
      if (uIndex === -1) {
        return [localeStr];
      } else {
        let options;
        let selectedStr;
        try {
          options = getCachedDTF(localeStr).resolvedOptions();
          selectedStr = localeStr;
        } catch (e) {
          const smaller = localeStr.substring(0, uIndex);
          options = getCachedDTF(smaller).resolvedOptions();
          selectedStr = smaller;
        }
        const {
          numberingSystem,
          calendar
        } = options;
        return [selectedStr, numberingSystem, calendar];
      }
    }
    function intlConfigString(localeStr, numberingSystem, outputCalendar) {
      if (outputCalendar || numberingSystem) {
        if (!localeStr.includes("-u-")) {
          localeStr += "-u";
        }
        if (outputCalendar) {
          localeStr += `-ca-${outputCalendar}`;
        }
        if (numberingSystem) {
          localeStr += `-nu-${numberingSystem}`;
        }
        return localeStr;
      } else {
        return localeStr;
      }
    }
    function mapMonths(f) {
      const ms = [];
      for (let i = 1; i <= 12; i++) {
        const dt = DateTime.utc(2009, i, 1);
        ms.push(f(dt));
      }
      return ms;
    }
    function mapWeekdays(f) {
      const ms = [];
      for (let i = 1; i <= 7; i++) {
        const dt = DateTime.utc(2016, 11, 13 + i);
        ms.push(f(dt));
      }
      return ms;
    }
    function listStuff(loc, length, englishFn, intlFn) {
      const mode = loc.listingMode();
      if (mode === "error") {
        return null;
      } else if (mode === "en") {
        return englishFn(length);
      } else {
        return intlFn(length);
      }
    }
    function supportsFastNumbers(loc) {
      if (loc.numberingSystem && loc.numberingSystem !== "latn") {
        return false;
      } else {
        return loc.numberingSystem === "latn" || !loc.locale || loc.locale.startsWith("en") || getCachedIntResolvedOptions(loc.locale).numberingSystem === "latn";
      }
    }
    var PolyNumberFormatter = class {
      constructor(intl, forceSimple, opts) {
        this.padTo = opts.padTo || 0;
        this.floor = opts.floor || false;
        const {
          padTo,
          floor,
          ...otherOpts
        } = opts;
        if (!forceSimple || Object.keys(otherOpts).length > 0) {
          const intlOpts = {
            useGrouping: false,
            ...opts
          };
          if (opts.padTo > 0) intlOpts.minimumIntegerDigits = opts.padTo;
          this.inf = getCachedINF(intl, intlOpts);
        }
      }
      format(i) {
        if (this.inf) {
          const fixed = this.floor ? Math.floor(i) : i;
          return this.inf.format(fixed);
        } else {
          const fixed = this.floor ? Math.floor(i) : roundTo(i, 3);
          return padStart(fixed, this.padTo);
        }
      }
    };
    var PolyDateFormatter = class {
      constructor(dt, intl, opts) {
        this.opts = opts;
        this.originalZone = void 0;
        let z = void 0;
        if (this.opts.timeZone) {
          this.dt = dt;
        } else if (dt.zone.type === "fixed") {
          const gmtOffset = -1 * (dt.offset / 60);
          const offsetZ = gmtOffset >= 0 ? `Etc/GMT+${gmtOffset}` : `Etc/GMT${gmtOffset}`;
          if (dt.offset !== 0 && IANAZone.create(offsetZ).valid) {
            z = offsetZ;
            this.dt = dt;
          } else {
            z = "UTC";
            this.dt = dt.offset === 0 ? dt : dt.setZone("UTC").plus({
              minutes: dt.offset
            });
            this.originalZone = dt.zone;
          }
        } else if (dt.zone.type === "system") {
          this.dt = dt;
        } else if (dt.zone.type === "iana") {
          this.dt = dt;
          z = dt.zone.name;
        } else {
          z = "UTC";
          this.dt = dt.setZone("UTC").plus({
            minutes: dt.offset
          });
          this.originalZone = dt.zone;
        }
        const intlOpts = {
          ...this.opts
        };
        intlOpts.timeZone = intlOpts.timeZone || z;
        this.dtf = getCachedDTF(intl, intlOpts);
      }
      format() {
        if (this.originalZone) {
          return this.formatToParts().map(({
            value
          }) => value).join("");
        }
        return this.dtf.format(this.dt.toJSDate());
      }
      formatToParts() {
        const parts = this.dtf.formatToParts(this.dt.toJSDate());
        if (this.originalZone) {
          return parts.map((part) => {
            if (part.type === "timeZoneName") {
              const offsetName = this.originalZone.offsetName(this.dt.ts, {
                locale: this.dt.locale,
                format: this.opts.timeZoneName
              });
              return {
                ...part,
                value: offsetName
              };
            } else {
              return part;
            }
          });
        }
        return parts;
      }
      resolvedOptions() {
        return this.dtf.resolvedOptions();
      }
    };
    var PolyRelFormatter = class {
      constructor(intl, isEnglish, opts) {
        this.opts = {
          style: "long",
          ...opts
        };
        if (!isEnglish && hasRelative()) {
          this.rtf = getCachedRTF(intl, opts);
        }
      }
      format(count, unit) {
        if (this.rtf) {
          return this.rtf.format(count, unit);
        } else {
          return formatRelativeTime(unit, count, this.opts.numeric, this.opts.style !== "long");
        }
      }
      formatToParts(count, unit) {
        if (this.rtf) {
          return this.rtf.formatToParts(count, unit);
        } else {
          return [];
        }
      }
    };
    var fallbackWeekSettings = {
      firstDay: 1,
      minimalDays: 4,
      weekend: [6, 7]
    };
    var Locale = class _Locale {
      static fromOpts(opts) {
        return _Locale.create(opts.locale, opts.numberingSystem, opts.outputCalendar, opts.weekSettings, opts.defaultToEN);
      }
      static create(locale, numberingSystem, outputCalendar, weekSettings, defaultToEN = false) {
        const specifiedLocale = locale || Settings.defaultLocale;
        const localeR = specifiedLocale || (defaultToEN ? "en-US" : systemLocale());
        const numberingSystemR = numberingSystem || Settings.defaultNumberingSystem;
        const outputCalendarR = outputCalendar || Settings.defaultOutputCalendar;
        const weekSettingsR = validateWeekSettings(weekSettings) || Settings.defaultWeekSettings;
        return new _Locale(localeR, numberingSystemR, outputCalendarR, weekSettingsR, specifiedLocale);
      }
      static resetCache() {
        sysLocaleCache = null;
        intlDTCache.clear();
        intlNumCache.clear();
        intlRelCache.clear();
        intlResolvedOptionsCache.clear();
        weekInfoCache.clear();
      }
      static fromObject({
        locale,
        numberingSystem,
        outputCalendar,
        weekSettings
      } = {}) {
        return _Locale.create(locale, numberingSystem, outputCalendar, weekSettings);
      }
      constructor(locale, numbering, outputCalendar, weekSettings, specifiedLocale) {
        const [parsedLocale, parsedNumberingSystem, parsedOutputCalendar] = parseLocaleString(locale);
        this.locale = parsedLocale;
        this.numberingSystem = numbering || parsedNumberingSystem || null;
        this.outputCalendar = outputCalendar || parsedOutputCalendar || null;
        this.weekSettings = weekSettings;
        this.intl = intlConfigString(this.locale, this.numberingSystem, this.outputCalendar);
        this.weekdaysCache = {
          format: {},
          standalone: {}
        };
        this.monthsCache = {
          format: {},
          standalone: {}
        };
        this.meridiemCache = null;
        this.eraCache = {};
        this.specifiedLocale = specifiedLocale;
        this.fastNumbersCached = null;
      }
      get fastNumbers() {
        if (this.fastNumbersCached == null) {
          this.fastNumbersCached = supportsFastNumbers(this);
        }
        return this.fastNumbersCached;
      }
      listingMode() {
        const isActuallyEn = this.isEnglish();
        const hasNoWeirdness = (this.numberingSystem === null || this.numberingSystem === "latn") && (this.outputCalendar === null || this.outputCalendar === "gregory");
        return isActuallyEn && hasNoWeirdness ? "en" : "intl";
      }
      clone(alts) {
        if (!alts || Object.getOwnPropertyNames(alts).length === 0) {
          return this;
        } else {
          return _Locale.create(alts.locale || this.specifiedLocale, alts.numberingSystem || this.numberingSystem, alts.outputCalendar || this.outputCalendar, validateWeekSettings(alts.weekSettings) || this.weekSettings, alts.defaultToEN || false);
        }
      }
      redefaultToEN(alts = {}) {
        return this.clone({
          ...alts,
          defaultToEN: true
        });
      }
      redefaultToSystem(alts = {}) {
        return this.clone({
          ...alts,
          defaultToEN: false
        });
      }
      months(length, format = false) {
        return listStuff(this, length, months, () => {
          const monthSpecialCase = this.intl === "ja" || this.intl.startsWith("ja-");
          format &= !monthSpecialCase;
          const intl = format ? {
            month: length,
            day: "numeric"
          } : {
            month: length
          }, formatStr = format ? "format" : "standalone";
          if (!this.monthsCache[formatStr][length]) {
            const mapper = !monthSpecialCase ? (dt) => this.extract(dt, intl, "month") : (dt) => this.dtFormatter(dt, intl).format();
            this.monthsCache[formatStr][length] = mapMonths(mapper);
          }
          return this.monthsCache[formatStr][length];
        });
      }
      weekdays(length, format = false) {
        return listStuff(this, length, weekdays, () => {
          const intl = format ? {
            weekday: length,
            year: "numeric",
            month: "long",
            day: "numeric"
          } : {
            weekday: length
          }, formatStr = format ? "format" : "standalone";
          if (!this.weekdaysCache[formatStr][length]) {
            this.weekdaysCache[formatStr][length] = mapWeekdays((dt) => this.extract(dt, intl, "weekday"));
          }
          return this.weekdaysCache[formatStr][length];
        });
      }
      meridiems() {
        return listStuff(this, void 0, () => meridiems, () => {
          if (!this.meridiemCache) {
            const intl = {
              hour: "numeric",
              hourCycle: "h12"
            };
            this.meridiemCache = [DateTime.utc(2016, 11, 13, 9), DateTime.utc(2016, 11, 13, 19)].map((dt) => this.extract(dt, intl, "dayperiod"));
          }
          return this.meridiemCache;
        });
      }
      eras(length) {
        return listStuff(this, length, eras, () => {
          const intl = {
            era: length
          };
          if (!this.eraCache[length]) {
            this.eraCache[length] = [DateTime.utc(-40, 1, 1), DateTime.utc(2017, 1, 1)].map((dt) => this.extract(dt, intl, "era"));
          }
          return this.eraCache[length];
        });
      }
      extract(dt, intlOpts, field2) {
        const df = this.dtFormatter(dt, intlOpts), results = df.formatToParts(), matching = results.find((m) => m.type.toLowerCase() === field2);
        return matching ? matching.value : null;
      }
      numberFormatter(opts = {}) {
        return new PolyNumberFormatter(this.intl, opts.forceSimple || this.fastNumbers, opts);
      }
      dtFormatter(dt, intlOpts = {}) {
        return new PolyDateFormatter(dt, this.intl, intlOpts);
      }
      relFormatter(opts = {}) {
        return new PolyRelFormatter(this.intl, this.isEnglish(), opts);
      }
      listFormatter(opts = {}) {
        return getCachedLF(this.intl, opts);
      }
      isEnglish() {
        return this.locale === "en" || this.locale.toLowerCase() === "en-us" || getCachedIntResolvedOptions(this.intl).locale.startsWith("en-us");
      }
      getWeekSettings() {
        if (this.weekSettings) {
          return this.weekSettings;
        } else if (!hasLocaleWeekInfo()) {
          return fallbackWeekSettings;
        } else {
          return getCachedWeekInfo(this.locale);
        }
      }
      getStartOfWeek() {
        return this.getWeekSettings().firstDay;
      }
      getMinDaysInFirstWeek() {
        return this.getWeekSettings().minimalDays;
      }
      getWeekendDays() {
        return this.getWeekSettings().weekend;
      }
      equals(other) {
        return this.locale === other.locale && this.numberingSystem === other.numberingSystem && this.outputCalendar === other.outputCalendar;
      }
      toString() {
        return `Locale(${this.locale}, ${this.numberingSystem}, ${this.outputCalendar})`;
      }
    };
    var singleton = null;
    var FixedOffsetZone = class _FixedOffsetZone extends Zone {
      /**
       * Get a singleton instance of UTC
       * @return {FixedOffsetZone}
       */
      static get utcInstance() {
        if (singleton === null) {
          singleton = new _FixedOffsetZone(0);
        }
        return singleton;
      }
      /**
       * Get an instance with a specified offset
       * @param {number} offset - The offset in minutes
       * @return {FixedOffsetZone}
       */
      static instance(offset2) {
        return offset2 === 0 ? _FixedOffsetZone.utcInstance : new _FixedOffsetZone(offset2);
      }
      /**
       * Get an instance of FixedOffsetZone from a UTC offset string, like "UTC+6"
       * @param {string} s - The offset string to parse
       * @example FixedOffsetZone.parseSpecifier("UTC+6")
       * @example FixedOffsetZone.parseSpecifier("UTC+06")
       * @example FixedOffsetZone.parseSpecifier("UTC-6:00")
       * @return {FixedOffsetZone}
       */
      static parseSpecifier(s2) {
        if (s2) {
          const r = s2.match(/^utc(?:([+-]\d{1,2})(?::(\d{2}))?)?$/i);
          if (r) {
            return new _FixedOffsetZone(signedOffset(r[1], r[2]));
          }
        }
        return null;
      }
      constructor(offset2) {
        super();
        this.fixed = offset2;
      }
      /**
       * The type of zone. `fixed` for all instances of `FixedOffsetZone`.
       * @override
       * @type {string}
       */
      get type() {
        return "fixed";
      }
      /**
       * The name of this zone.
       * All fixed zones' names always start with "UTC" (plus optional offset)
       * @override
       * @type {string}
       */
      get name() {
        return this.fixed === 0 ? "UTC" : `UTC${formatOffset(this.fixed, "narrow")}`;
      }
      /**
       * The IANA name of this zone, i.e. `Etc/UTC` or `Etc/GMT+/-nn`
       *
       * @override
       * @type {string}
       */
      get ianaName() {
        if (this.fixed === 0) {
          return "Etc/UTC";
        } else {
          return `Etc/GMT${formatOffset(-this.fixed, "narrow")}`;
        }
      }
      /**
       * Returns the offset's common name at the specified timestamp.
       *
       * For fixed offset zones this equals to the zone name.
       * @override
       */
      offsetName() {
        return this.name;
      }
      /**
       * Returns the offset's value as a string
       * @override
       * @param {number} ts - Epoch milliseconds for which to get the offset
       * @param {string} format - What style of offset to return.
       *                          Accepts 'narrow', 'short', or 'techie'. Returning '+6', '+06:00', or '+0600' respectively
       * @return {string}
       */
      formatOffset(ts, format) {
        return formatOffset(this.fixed, format);
      }
      /**
       * Returns whether the offset is known to be fixed for the whole year:
       * Always returns true for all fixed offset zones.
       * @override
       * @type {boolean}
       */
      get isUniversal() {
        return true;
      }
      /**
       * Return the offset in minutes for this zone at the specified timestamp.
       *
       * For fixed offset zones, this is constant and does not depend on a timestamp.
       * @override
       * @return {number}
       */
      offset() {
        return this.fixed;
      }
      /**
       * Return whether this Zone is equal to another zone (i.e. also fixed and same offset)
       * @override
       * @param {Zone} otherZone - the zone to compare
       * @return {boolean}
       */
      equals(otherZone) {
        return otherZone.type === "fixed" && otherZone.fixed === this.fixed;
      }
      /**
       * Return whether this Zone is valid:
       * All fixed offset zones are valid.
       * @override
       * @type {boolean}
       */
      get isValid() {
        return true;
      }
    };
    var InvalidZone = class extends Zone {
      constructor(zoneName) {
        super();
        this.zoneName = zoneName;
      }
      /** @override **/
      get type() {
        return "invalid";
      }
      /** @override **/
      get name() {
        return this.zoneName;
      }
      /** @override **/
      get isUniversal() {
        return false;
      }
      /** @override **/
      offsetName() {
        return null;
      }
      /** @override **/
      formatOffset() {
        return "";
      }
      /** @override **/
      offset() {
        return NaN;
      }
      /** @override **/
      equals() {
        return false;
      }
      /** @override **/
      get isValid() {
        return false;
      }
    };
    function normalizeZone(input, defaultZone2) {
      if (isUndefined(input) || input === null) {
        return defaultZone2;
      } else if (input instanceof Zone) {
        return input;
      } else if (isString(input)) {
        const lowered = input.toLowerCase();
        if (lowered === "default") return defaultZone2;
        else if (lowered === "local" || lowered === "system") return SystemZone.instance;
        else if (lowered === "utc" || lowered === "gmt") return FixedOffsetZone.utcInstance;
        else return FixedOffsetZone.parseSpecifier(lowered) || IANAZone.create(input);
      } else if (isNumber(input)) {
        return FixedOffsetZone.instance(input);
      } else if (typeof input === "object" && "offset" in input && typeof input.offset === "function") {
        return input;
      } else {
        return new InvalidZone(input);
      }
    }
    var numberingSystems = {
      arab: "[\u0660-\u0669]",
      arabext: "[\u06F0-\u06F9]",
      bali: "[\u1B50-\u1B59]",
      beng: "[\u09E6-\u09EF]",
      deva: "[\u0966-\u096F]",
      fullwide: "[\uFF10-\uFF19]",
      gujr: "[\u0AE6-\u0AEF]",
      hanidec: "[\u3007|\u4E00|\u4E8C|\u4E09|\u56DB|\u4E94|\u516D|\u4E03|\u516B|\u4E5D]",
      khmr: "[\u17E0-\u17E9]",
      knda: "[\u0CE6-\u0CEF]",
      laoo: "[\u0ED0-\u0ED9]",
      limb: "[\u1946-\u194F]",
      mlym: "[\u0D66-\u0D6F]",
      mong: "[\u1810-\u1819]",
      mymr: "[\u1040-\u1049]",
      orya: "[\u0B66-\u0B6F]",
      tamldec: "[\u0BE6-\u0BEF]",
      telu: "[\u0C66-\u0C6F]",
      thai: "[\u0E50-\u0E59]",
      tibt: "[\u0F20-\u0F29]",
      latn: "\\d"
    };
    var numberingSystemsUTF16 = {
      arab: [1632, 1641],
      arabext: [1776, 1785],
      bali: [6992, 7001],
      beng: [2534, 2543],
      deva: [2406, 2415],
      fullwide: [65296, 65303],
      gujr: [2790, 2799],
      khmr: [6112, 6121],
      knda: [3302, 3311],
      laoo: [3792, 3801],
      limb: [6470, 6479],
      mlym: [3430, 3439],
      mong: [6160, 6169],
      mymr: [4160, 4169],
      orya: [2918, 2927],
      tamldec: [3046, 3055],
      telu: [3174, 3183],
      thai: [3664, 3673],
      tibt: [3872, 3881]
    };
    var hanidecChars = numberingSystems.hanidec.replace(/[\[|\]]/g, "").split("");
    function parseDigits(str) {
      let value = parseInt(str, 10);
      if (isNaN(value)) {
        value = "";
        for (let i = 0; i < str.length; i++) {
          const code2 = str.charCodeAt(i);
          if (str[i].search(numberingSystems.hanidec) !== -1) {
            value += hanidecChars.indexOf(str[i]);
          } else {
            for (const key in numberingSystemsUTF16) {
              const [min, max] = numberingSystemsUTF16[key];
              if (code2 >= min && code2 <= max) {
                value += code2 - min;
              }
            }
          }
        }
        return parseInt(value, 10);
      } else {
        return value;
      }
    }
    var digitRegexCache = /* @__PURE__ */ new Map();
    function resetDigitRegexCache() {
      digitRegexCache.clear();
    }
    function digitRegex({
      numberingSystem
    }, append = "") {
      const ns = numberingSystem || "latn";
      let appendCache = digitRegexCache.get(ns);
      if (appendCache === void 0) {
        appendCache = /* @__PURE__ */ new Map();
        digitRegexCache.set(ns, appendCache);
      }
      let regex = appendCache.get(append);
      if (regex === void 0) {
        regex = new RegExp(`${numberingSystems[ns]}${append}`);
        appendCache.set(append, regex);
      }
      return regex;
    }
    var now = () => Date.now();
    var defaultZone = "system";
    var defaultLocale = null;
    var defaultNumberingSystem = null;
    var defaultOutputCalendar = null;
    var twoDigitCutoffYear = 60;
    var throwOnInvalid;
    var defaultWeekSettings = null;
    var Settings = class {
      /**
       * Get the callback for returning the current timestamp.
       * @type {function}
       */
      static get now() {
        return now;
      }
      /**
       * Set the callback for returning the current timestamp.
       * The function should return a number, which will be interpreted as an Epoch millisecond count
       * @type {function}
       * @example Settings.now = () => Date.now() + 3000 // pretend it is 3 seconds in the future
       * @example Settings.now = () => 0 // always pretend it's Jan 1, 1970 at midnight in UTC time
       */
      static set now(n2) {
        now = n2;
      }
      /**
       * Set the default time zone to create DateTimes in. Does not affect existing instances.
       * Use the value "system" to reset this value to the system's time zone.
       * @type {string}
       */
      static set defaultZone(zone) {
        defaultZone = zone;
      }
      /**
       * Get the default time zone object currently used to create DateTimes. Does not affect existing instances.
       * The default value is the system's time zone (the one set on the machine that runs this code).
       * @type {Zone}
       */
      static get defaultZone() {
        return normalizeZone(defaultZone, SystemZone.instance);
      }
      /**
       * Get the default locale to create DateTimes with. Does not affect existing instances.
       * @type {string}
       */
      static get defaultLocale() {
        return defaultLocale;
      }
      /**
       * Set the default locale to create DateTimes with. Does not affect existing instances.
       * @type {string}
       */
      static set defaultLocale(locale) {
        defaultLocale = locale;
      }
      /**
       * Get the default numbering system to create DateTimes with. Does not affect existing instances.
       * @type {string}
       */
      static get defaultNumberingSystem() {
        return defaultNumberingSystem;
      }
      /**
       * Set the default numbering system to create DateTimes with. Does not affect existing instances.
       * @type {string}
       */
      static set defaultNumberingSystem(numberingSystem) {
        defaultNumberingSystem = numberingSystem;
      }
      /**
       * Get the default output calendar to create DateTimes with. Does not affect existing instances.
       * @type {string}
       */
      static get defaultOutputCalendar() {
        return defaultOutputCalendar;
      }
      /**
       * Set the default output calendar to create DateTimes with. Does not affect existing instances.
       * @type {string}
       */
      static set defaultOutputCalendar(outputCalendar) {
        defaultOutputCalendar = outputCalendar;
      }
      /**
       * @typedef {Object} WeekSettings
       * @property {number} firstDay
       * @property {number} minimalDays
       * @property {number[]} weekend
       */
      /**
       * @return {WeekSettings|null}
       */
      static get defaultWeekSettings() {
        return defaultWeekSettings;
      }
      /**
       * Allows overriding the default locale week settings, i.e. the start of the week, the weekend and
       * how many days are required in the first week of a year.
       * Does not affect existing instances.
       *
       * @param {WeekSettings|null} weekSettings
       */
      static set defaultWeekSettings(weekSettings) {
        defaultWeekSettings = validateWeekSettings(weekSettings);
      }
      /**
       * Get the cutoff year for whether a 2-digit year string is interpreted in the current or previous century. Numbers higher than the cutoff will be considered to mean 19xx and numbers lower or equal to the cutoff will be considered 20xx.
       * @type {number}
       */
      static get twoDigitCutoffYear() {
        return twoDigitCutoffYear;
      }
      /**
       * Set the cutoff year for whether a 2-digit year string is interpreted in the current or previous century. Numbers higher than the cutoff will be considered to mean 19xx and numbers lower or equal to the cutoff will be considered 20xx.
       * @type {number}
       * @example Settings.twoDigitCutoffYear = 0 // all 'yy' are interpreted as 20th century
       * @example Settings.twoDigitCutoffYear = 99 // all 'yy' are interpreted as 21st century
       * @example Settings.twoDigitCutoffYear = 50 // '49' -> 2049; '50' -> 1950
       * @example Settings.twoDigitCutoffYear = 1950 // interpreted as 50
       * @example Settings.twoDigitCutoffYear = 2050 // ALSO interpreted as 50
       */
      static set twoDigitCutoffYear(cutoffYear) {
        twoDigitCutoffYear = cutoffYear % 100;
      }
      /**
       * Get whether Luxon will throw when it encounters invalid DateTimes, Durations, or Intervals
       * @type {boolean}
       */
      static get throwOnInvalid() {
        return throwOnInvalid;
      }
      /**
       * Set whether Luxon will throw when it encounters invalid DateTimes, Durations, or Intervals
       * @type {boolean}
       */
      static set throwOnInvalid(t) {
        throwOnInvalid = t;
      }
      /**
       * Reset Luxon's global caches. Should only be necessary in testing scenarios.
       * @return {void}
       */
      static resetCaches() {
        Locale.resetCache();
        IANAZone.resetCache();
        DateTime.resetCache();
        resetDigitRegexCache();
      }
    };
    var Invalid = class {
      constructor(reason, explanation) {
        this.reason = reason;
        this.explanation = explanation;
      }
      toMessage() {
        if (this.explanation) {
          return `${this.reason}: ${this.explanation}`;
        } else {
          return this.reason;
        }
      }
    };
    var nonLeapLadder = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
    var leapLadder = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];
    function unitOutOfRange(unit, value) {
      return new Invalid("unit out of range", `you specified ${value} (of type ${typeof value}) as a ${unit}, which is invalid`);
    }
    function dayOfWeek(year, month, day) {
      const d = new Date(Date.UTC(year, month - 1, day));
      if (year < 100 && year >= 0) {
        d.setUTCFullYear(d.getUTCFullYear() - 1900);
      }
      const js = d.getUTCDay();
      return js === 0 ? 7 : js;
    }
    function computeOrdinal(year, month, day) {
      return day + (isLeapYear(year) ? leapLadder : nonLeapLadder)[month - 1];
    }
    function uncomputeOrdinal(year, ordinal) {
      const table = isLeapYear(year) ? leapLadder : nonLeapLadder, month0 = table.findIndex((i) => i < ordinal), day = ordinal - table[month0];
      return {
        month: month0 + 1,
        day
      };
    }
    function isoWeekdayToLocal(isoWeekday, startOfWeek) {
      return (isoWeekday - startOfWeek + 7) % 7 + 1;
    }
    function gregorianToWeek(gregObj, minDaysInFirstWeek = 4, startOfWeek = 1) {
      const {
        year,
        month,
        day
      } = gregObj, ordinal = computeOrdinal(year, month, day), weekday = isoWeekdayToLocal(dayOfWeek(year, month, day), startOfWeek);
      let weekNumber = Math.floor((ordinal - weekday + 14 - minDaysInFirstWeek) / 7), weekYear;
      if (weekNumber < 1) {
        weekYear = year - 1;
        weekNumber = weeksInWeekYear(weekYear, minDaysInFirstWeek, startOfWeek);
      } else if (weekNumber > weeksInWeekYear(year, minDaysInFirstWeek, startOfWeek)) {
        weekYear = year + 1;
        weekNumber = 1;
      } else {
        weekYear = year;
      }
      return {
        weekYear,
        weekNumber,
        weekday,
        ...timeObject(gregObj)
      };
    }
    function weekToGregorian(weekData, minDaysInFirstWeek = 4, startOfWeek = 1) {
      const {
        weekYear,
        weekNumber,
        weekday
      } = weekData, weekdayOfJan4 = isoWeekdayToLocal(dayOfWeek(weekYear, 1, minDaysInFirstWeek), startOfWeek), yearInDays = daysInYear(weekYear);
      let ordinal = weekNumber * 7 + weekday - weekdayOfJan4 - 7 + minDaysInFirstWeek, year;
      if (ordinal < 1) {
        year = weekYear - 1;
        ordinal += daysInYear(year);
      } else if (ordinal > yearInDays) {
        year = weekYear + 1;
        ordinal -= daysInYear(weekYear);
      } else {
        year = weekYear;
      }
      const {
        month,
        day
      } = uncomputeOrdinal(year, ordinal);
      return {
        year,
        month,
        day,
        ...timeObject(weekData)
      };
    }
    function gregorianToOrdinal(gregData) {
      const {
        year,
        month,
        day
      } = gregData;
      const ordinal = computeOrdinal(year, month, day);
      return {
        year,
        ordinal,
        ...timeObject(gregData)
      };
    }
    function ordinalToGregorian(ordinalData) {
      const {
        year,
        ordinal
      } = ordinalData;
      const {
        month,
        day
      } = uncomputeOrdinal(year, ordinal);
      return {
        year,
        month,
        day,
        ...timeObject(ordinalData)
      };
    }
    function usesLocalWeekValues(obj, loc) {
      const hasLocaleWeekData = !isUndefined(obj.localWeekday) || !isUndefined(obj.localWeekNumber) || !isUndefined(obj.localWeekYear);
      if (hasLocaleWeekData) {
        const hasIsoWeekData = !isUndefined(obj.weekday) || !isUndefined(obj.weekNumber) || !isUndefined(obj.weekYear);
        if (hasIsoWeekData) {
          throw new ConflictingSpecificationError("Cannot mix locale-based week fields with ISO-based week fields");
        }
        if (!isUndefined(obj.localWeekday)) obj.weekday = obj.localWeekday;
        if (!isUndefined(obj.localWeekNumber)) obj.weekNumber = obj.localWeekNumber;
        if (!isUndefined(obj.localWeekYear)) obj.weekYear = obj.localWeekYear;
        delete obj.localWeekday;
        delete obj.localWeekNumber;
        delete obj.localWeekYear;
        return {
          minDaysInFirstWeek: loc.getMinDaysInFirstWeek(),
          startOfWeek: loc.getStartOfWeek()
        };
      } else {
        return {
          minDaysInFirstWeek: 4,
          startOfWeek: 1
        };
      }
    }
    function hasInvalidWeekData(obj, minDaysInFirstWeek = 4, startOfWeek = 1) {
      const validYear = isInteger(obj.weekYear), validWeek = integerBetween(obj.weekNumber, 1, weeksInWeekYear(obj.weekYear, minDaysInFirstWeek, startOfWeek)), validWeekday = integerBetween(obj.weekday, 1, 7);
      if (!validYear) {
        return unitOutOfRange("weekYear", obj.weekYear);
      } else if (!validWeek) {
        return unitOutOfRange("week", obj.weekNumber);
      } else if (!validWeekday) {
        return unitOutOfRange("weekday", obj.weekday);
      } else return false;
    }
    function hasInvalidOrdinalData(obj) {
      const validYear = isInteger(obj.year), validOrdinal = integerBetween(obj.ordinal, 1, daysInYear(obj.year));
      if (!validYear) {
        return unitOutOfRange("year", obj.year);
      } else if (!validOrdinal) {
        return unitOutOfRange("ordinal", obj.ordinal);
      } else return false;
    }
    function hasInvalidGregorianData(obj) {
      const validYear = isInteger(obj.year), validMonth = integerBetween(obj.month, 1, 12), validDay = integerBetween(obj.day, 1, daysInMonth(obj.year, obj.month));
      if (!validYear) {
        return unitOutOfRange("year", obj.year);
      } else if (!validMonth) {
        return unitOutOfRange("month", obj.month);
      } else if (!validDay) {
        return unitOutOfRange("day", obj.day);
      } else return false;
    }
    function hasInvalidTimeData(obj) {
      const {
        hour,
        minute,
        second,
        millisecond
      } = obj;
      const validHour = integerBetween(hour, 0, 23) || hour === 24 && minute === 0 && second === 0 && millisecond === 0, validMinute = integerBetween(minute, 0, 59), validSecond = integerBetween(second, 0, 59), validMillisecond = integerBetween(millisecond, 0, 999);
      if (!validHour) {
        return unitOutOfRange("hour", hour);
      } else if (!validMinute) {
        return unitOutOfRange("minute", minute);
      } else if (!validSecond) {
        return unitOutOfRange("second", second);
      } else if (!validMillisecond) {
        return unitOutOfRange("millisecond", millisecond);
      } else return false;
    }
    function isUndefined(o) {
      return typeof o === "undefined";
    }
    function isNumber(o) {
      return typeof o === "number";
    }
    function isInteger(o) {
      return typeof o === "number" && o % 1 === 0;
    }
    function isString(o) {
      return typeof o === "string";
    }
    function isDate(o) {
      return Object.prototype.toString.call(o) === "[object Date]";
    }
    function hasRelative() {
      try {
        return typeof Intl !== "undefined" && !!Intl.RelativeTimeFormat;
      } catch (e) {
        return false;
      }
    }
    function hasLocaleWeekInfo() {
      try {
        return typeof Intl !== "undefined" && !!Intl.Locale && ("weekInfo" in Intl.Locale.prototype || "getWeekInfo" in Intl.Locale.prototype);
      } catch (e) {
        return false;
      }
    }
    function maybeArray(thing) {
      return Array.isArray(thing) ? thing : [thing];
    }
    function bestBy(arr, by, compare) {
      if (arr.length === 0) {
        return void 0;
      }
      return arr.reduce((best, next) => {
        const pair = [by(next), next];
        if (!best) {
          return pair;
        } else if (compare(best[0], pair[0]) === best[0]) {
          return best;
        } else {
          return pair;
        }
      }, null)[1];
    }
    function pick(obj, keys) {
      return keys.reduce((a, k) => {
        a[k] = obj[k];
        return a;
      }, {});
    }
    function hasOwnProperty(obj, prop) {
      return Object.prototype.hasOwnProperty.call(obj, prop);
    }
    function validateWeekSettings(settings) {
      if (settings == null) {
        return null;
      } else if (typeof settings !== "object") {
        throw new InvalidArgumentError("Week settings must be an object");
      } else {
        if (!integerBetween(settings.firstDay, 1, 7) || !integerBetween(settings.minimalDays, 1, 7) || !Array.isArray(settings.weekend) || settings.weekend.some((v) => !integerBetween(v, 1, 7))) {
          throw new InvalidArgumentError("Invalid week settings");
        }
        return {
          firstDay: settings.firstDay,
          minimalDays: settings.minimalDays,
          weekend: Array.from(settings.weekend)
        };
      }
    }
    function integerBetween(thing, bottom, top) {
      return isInteger(thing) && thing >= bottom && thing <= top;
    }
    function floorMod(x, n2) {
      return x - n2 * Math.floor(x / n2);
    }
    function padStart(input, n2 = 2) {
      const isNeg = input < 0;
      let padded;
      if (isNeg) {
        padded = "-" + ("" + -input).padStart(n2, "0");
      } else {
        padded = ("" + input).padStart(n2, "0");
      }
      return padded;
    }
    function parseInteger(string) {
      if (isUndefined(string) || string === null || string === "") {
        return void 0;
      } else {
        return parseInt(string, 10);
      }
    }
    function parseFloating(string) {
      if (isUndefined(string) || string === null || string === "") {
        return void 0;
      } else {
        return parseFloat(string);
      }
    }
    function parseMillis(fraction) {
      if (isUndefined(fraction) || fraction === null || fraction === "") {
        return void 0;
      } else {
        const f = parseFloat("0." + fraction) * 1e3;
        return Math.floor(f);
      }
    }
    function roundTo(number, digits, rounding = "round") {
      const factor = 10 ** digits;
      switch (rounding) {
        case "expand":
          return number > 0 ? Math.ceil(number * factor) / factor : Math.floor(number * factor) / factor;
        case "trunc":
          return Math.trunc(number * factor) / factor;
        case "round":
          return Math.round(number * factor) / factor;
        case "floor":
          return Math.floor(number * factor) / factor;
        case "ceil":
          return Math.ceil(number * factor) / factor;
        default:
          throw new RangeError(`Value rounding ${rounding} is out of range`);
      }
    }
    function isLeapYear(year) {
      return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    }
    function daysInYear(year) {
      return isLeapYear(year) ? 366 : 365;
    }
    function daysInMonth(year, month) {
      const modMonth = floorMod(month - 1, 12) + 1, modYear = year + (month - modMonth) / 12;
      if (modMonth === 2) {
        return isLeapYear(modYear) ? 29 : 28;
      } else {
        return [31, null, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][modMonth - 1];
      }
    }
    function objToLocalTS(obj) {
      let d = Date.UTC(obj.year, obj.month - 1, obj.day, obj.hour, obj.minute, obj.second, obj.millisecond);
      if (obj.year < 100 && obj.year >= 0) {
        d = new Date(d);
        d.setUTCFullYear(obj.year, obj.month - 1, obj.day);
      }
      return +d;
    }
    function firstWeekOffset(year, minDaysInFirstWeek, startOfWeek) {
      const fwdlw = isoWeekdayToLocal(dayOfWeek(year, 1, minDaysInFirstWeek), startOfWeek);
      return -fwdlw + minDaysInFirstWeek - 1;
    }
    function weeksInWeekYear(weekYear, minDaysInFirstWeek = 4, startOfWeek = 1) {
      const weekOffset = firstWeekOffset(weekYear, minDaysInFirstWeek, startOfWeek);
      const weekOffsetNext = firstWeekOffset(weekYear + 1, minDaysInFirstWeek, startOfWeek);
      return (daysInYear(weekYear) - weekOffset + weekOffsetNext) / 7;
    }
    function untruncateYear(year) {
      if (year > 99) {
        return year;
      } else return year > Settings.twoDigitCutoffYear ? 1900 + year : 2e3 + year;
    }
    function parseZoneInfo(ts, offsetFormat, locale, timeZone = null) {
      const date = new Date(ts), intlOpts = {
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit"
      };
      if (timeZone) {
        intlOpts.timeZone = timeZone;
      }
      const modified = {
        timeZoneName: offsetFormat,
        ...intlOpts
      };
      const parsed = new Intl.DateTimeFormat(locale, modified).formatToParts(date).find((m) => m.type.toLowerCase() === "timezonename");
      return parsed ? parsed.value : null;
    }
    function signedOffset(offHourStr, offMinuteStr) {
      let offHour = parseInt(offHourStr, 10);
      if (Number.isNaN(offHour)) {
        offHour = 0;
      }
      const offMin = parseInt(offMinuteStr, 10) || 0, offMinSigned = offHour < 0 || Object.is(offHour, -0) ? -offMin : offMin;
      return offHour * 60 + offMinSigned;
    }
    function asNumber(value) {
      const numericValue = Number(value);
      if (typeof value === "boolean" || value === "" || !Number.isFinite(numericValue)) throw new InvalidArgumentError(`Invalid unit value ${value}`);
      return numericValue;
    }
    function normalizeObject(obj, normalizer) {
      const normalized = {};
      for (const u in obj) {
        if (hasOwnProperty(obj, u)) {
          const v = obj[u];
          if (v === void 0 || v === null) continue;
          normalized[normalizer(u)] = asNumber(v);
        }
      }
      return normalized;
    }
    function formatOffset(offset2, format) {
      const hours = Math.trunc(Math.abs(offset2 / 60)), minutes = Math.trunc(Math.abs(offset2 % 60)), sign = offset2 >= 0 ? "+" : "-";
      switch (format) {
        case "short":
          return `${sign}${padStart(hours, 2)}:${padStart(minutes, 2)}`;
        case "narrow":
          return `${sign}${hours}${minutes > 0 ? `:${minutes}` : ""}`;
        case "techie":
          return `${sign}${padStart(hours, 2)}${padStart(minutes, 2)}`;
        default:
          throw new RangeError(`Value format ${format} is out of range for property format`);
      }
    }
    function timeObject(obj) {
      return pick(obj, ["hour", "minute", "second", "millisecond"]);
    }
    var monthsLong = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
    var monthsShort = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    var monthsNarrow = ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"];
    function months(length) {
      switch (length) {
        case "narrow":
          return [...monthsNarrow];
        case "short":
          return [...monthsShort];
        case "long":
          return [...monthsLong];
        case "numeric":
          return ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"];
        case "2-digit":
          return ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"];
        default:
          return null;
      }
    }
    var weekdaysLong = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    var weekdaysShort = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    var weekdaysNarrow = ["M", "T", "W", "T", "F", "S", "S"];
    function weekdays(length) {
      switch (length) {
        case "narrow":
          return [...weekdaysNarrow];
        case "short":
          return [...weekdaysShort];
        case "long":
          return [...weekdaysLong];
        case "numeric":
          return ["1", "2", "3", "4", "5", "6", "7"];
        default:
          return null;
      }
    }
    var meridiems = ["AM", "PM"];
    var erasLong = ["Before Christ", "Anno Domini"];
    var erasShort = ["BC", "AD"];
    var erasNarrow = ["B", "A"];
    function eras(length) {
      switch (length) {
        case "narrow":
          return [...erasNarrow];
        case "short":
          return [...erasShort];
        case "long":
          return [...erasLong];
        default:
          return null;
      }
    }
    function meridiemForDateTime(dt) {
      return meridiems[dt.hour < 12 ? 0 : 1];
    }
    function weekdayForDateTime(dt, length) {
      return weekdays(length)[dt.weekday - 1];
    }
    function monthForDateTime(dt, length) {
      return months(length)[dt.month - 1];
    }
    function eraForDateTime(dt, length) {
      return eras(length)[dt.year < 0 ? 0 : 1];
    }
    function formatRelativeTime(unit, count, numeric = "always", narrow = false) {
      const units = {
        years: ["year", "yr."],
        quarters: ["quarter", "qtr."],
        months: ["month", "mo."],
        weeks: ["week", "wk."],
        days: ["day", "day", "days"],
        hours: ["hour", "hr."],
        minutes: ["minute", "min."],
        seconds: ["second", "sec."]
      };
      const lastable = ["hours", "minutes", "seconds"].indexOf(unit) === -1;
      if (numeric === "auto" && lastable) {
        const isDay = unit === "days";
        switch (count) {
          case 1:
            return isDay ? "tomorrow" : `next ${units[unit][0]}`;
          case -1:
            return isDay ? "yesterday" : `last ${units[unit][0]}`;
          case 0:
            return isDay ? "today" : `this ${units[unit][0]}`;
        }
      }
      const isInPast = Object.is(count, -0) || count < 0, fmtValue = Math.abs(count), singular = fmtValue === 1, lilUnits = units[unit], fmtUnit = narrow ? singular ? lilUnits[1] : lilUnits[2] || lilUnits[1] : singular ? units[unit][0] : unit;
      return isInPast ? `${fmtValue} ${fmtUnit} ago` : `in ${fmtValue} ${fmtUnit}`;
    }
    function stringifyTokens(splits, tokenToString) {
      let s2 = "";
      for (const token of splits) {
        if (token.literal) {
          s2 += token.val;
        } else {
          s2 += tokenToString(token.val);
        }
      }
      return s2;
    }
    var macroTokenToFormatOpts = {
      D: DATE_SHORT,
      DD: DATE_MED,
      DDD: DATE_FULL,
      DDDD: DATE_HUGE,
      t: TIME_SIMPLE,
      tt: TIME_WITH_SECONDS,
      ttt: TIME_WITH_SHORT_OFFSET,
      tttt: TIME_WITH_LONG_OFFSET,
      T: TIME_24_SIMPLE,
      TT: TIME_24_WITH_SECONDS,
      TTT: TIME_24_WITH_SHORT_OFFSET,
      TTTT: TIME_24_WITH_LONG_OFFSET,
      f: DATETIME_SHORT,
      ff: DATETIME_MED,
      fff: DATETIME_FULL,
      ffff: DATETIME_HUGE,
      F: DATETIME_SHORT_WITH_SECONDS,
      FF: DATETIME_MED_WITH_SECONDS,
      FFF: DATETIME_FULL_WITH_SECONDS,
      FFFF: DATETIME_HUGE_WITH_SECONDS
    };
    var Formatter = class _Formatter {
      static create(locale, opts = {}) {
        return new _Formatter(locale, opts);
      }
      static parseFormat(fmt) {
        let current = null, currentFull = "", bracketed = false;
        const splits = [];
        for (let i = 0; i < fmt.length; i++) {
          const c = fmt.charAt(i);
          if (c === "'") {
            if (currentFull.length > 0 || bracketed) {
              splits.push({
                literal: bracketed || /^\s+$/.test(currentFull),
                val: currentFull === "" ? "'" : currentFull
              });
            }
            current = null;
            currentFull = "";
            bracketed = !bracketed;
          } else if (bracketed) {
            currentFull += c;
          } else if (c === current) {
            currentFull += c;
          } else {
            if (currentFull.length > 0) {
              splits.push({
                literal: /^\s+$/.test(currentFull),
                val: currentFull
              });
            }
            currentFull = c;
            current = c;
          }
        }
        if (currentFull.length > 0) {
          splits.push({
            literal: bracketed || /^\s+$/.test(currentFull),
            val: currentFull
          });
        }
        return splits;
      }
      static macroTokenToFormatOpts(token) {
        return macroTokenToFormatOpts[token];
      }
      constructor(locale, formatOpts) {
        this.opts = formatOpts;
        this.loc = locale;
        this.systemLoc = null;
      }
      formatWithSystemDefault(dt, opts) {
        if (this.systemLoc === null) {
          this.systemLoc = this.loc.redefaultToSystem();
        }
        const df = this.systemLoc.dtFormatter(dt, {
          ...this.opts,
          ...opts
        });
        return df.format();
      }
      dtFormatter(dt, opts = {}) {
        return this.loc.dtFormatter(dt, {
          ...this.opts,
          ...opts
        });
      }
      formatDateTime(dt, opts) {
        return this.dtFormatter(dt, opts).format();
      }
      formatDateTimeParts(dt, opts) {
        return this.dtFormatter(dt, opts).formatToParts();
      }
      formatInterval(interval, opts) {
        const df = this.dtFormatter(interval.start, opts);
        return df.dtf.formatRange(interval.start.toJSDate(), interval.end.toJSDate());
      }
      resolvedOptions(dt, opts) {
        return this.dtFormatter(dt, opts).resolvedOptions();
      }
      num(n2, p = 0, signDisplay = void 0) {
        if (this.opts.forceSimple) {
          return padStart(n2, p);
        }
        const opts = {
          ...this.opts
        };
        if (p > 0) {
          opts.padTo = p;
        }
        if (signDisplay) {
          opts.signDisplay = signDisplay;
        }
        return this.loc.numberFormatter(opts).format(n2);
      }
      formatDateTimeFromString(dt, fmt) {
        const knownEnglish = this.loc.listingMode() === "en", useDateTimeFormatter = this.loc.outputCalendar && this.loc.outputCalendar !== "gregory", string = (opts, extract) => this.loc.extract(dt, opts, extract), formatOffset2 = (opts) => {
          if (dt.isOffsetFixed && dt.offset === 0 && opts.allowZ) {
            return "Z";
          }
          return dt.isValid ? dt.zone.formatOffset(dt.ts, opts.format) : "";
        }, meridiem = () => knownEnglish ? meridiemForDateTime(dt) : string({
          hour: "numeric",
          hourCycle: "h12"
        }, "dayperiod"), month = (length, standalone) => knownEnglish ? monthForDateTime(dt, length) : string(standalone ? {
          month: length
        } : {
          month: length,
          day: "numeric"
        }, "month"), weekday = (length, standalone) => knownEnglish ? weekdayForDateTime(dt, length) : string(standalone ? {
          weekday: length
        } : {
          weekday: length,
          month: "long",
          day: "numeric"
        }, "weekday"), maybeMacro = (token) => {
          const formatOpts = _Formatter.macroTokenToFormatOpts(token);
          if (formatOpts) {
            return this.formatWithSystemDefault(dt, formatOpts);
          } else {
            return token;
          }
        }, era = (length) => knownEnglish ? eraForDateTime(dt, length) : string({
          era: length
        }, "era"), tokenToString = (token) => {
          switch (token) {
            // ms
            case "S":
              return this.num(dt.millisecond);
            case "u":
            // falls through
            case "SSS":
              return this.num(dt.millisecond, 3);
            // seconds
            case "s":
              return this.num(dt.second);
            case "ss":
              return this.num(dt.second, 2);
            // fractional seconds
            case "uu":
              return this.num(Math.floor(dt.millisecond / 10), 2);
            case "uuu":
              return this.num(Math.floor(dt.millisecond / 100));
            // minutes
            case "m":
              return this.num(dt.minute);
            case "mm":
              return this.num(dt.minute, 2);
            // hours
            case "h":
              return this.num(dt.hour % 12 === 0 ? 12 : dt.hour % 12);
            case "hh":
              return this.num(dt.hour % 12 === 0 ? 12 : dt.hour % 12, 2);
            case "H":
              return this.num(dt.hour);
            case "HH":
              return this.num(dt.hour, 2);
            // offset
            case "Z":
              return formatOffset2({
                format: "narrow",
                allowZ: this.opts.allowZ
              });
            case "ZZ":
              return formatOffset2({
                format: "short",
                allowZ: this.opts.allowZ
              });
            case "ZZZ":
              return formatOffset2({
                format: "techie",
                allowZ: this.opts.allowZ
              });
            case "ZZZZ":
              return dt.zone.offsetName(dt.ts, {
                format: "short",
                locale: this.loc.locale
              });
            case "ZZZZZ":
              return dt.zone.offsetName(dt.ts, {
                format: "long",
                locale: this.loc.locale
              });
            // zone
            case "z":
              return dt.zoneName;
            // meridiems
            case "a":
              return meridiem();
            // dates
            case "d":
              return useDateTimeFormatter ? string({
                day: "numeric"
              }, "day") : this.num(dt.day);
            case "dd":
              return useDateTimeFormatter ? string({
                day: "2-digit"
              }, "day") : this.num(dt.day, 2);
            // weekdays - standalone
            case "c":
              return this.num(dt.weekday);
            case "ccc":
              return weekday("short", true);
            case "cccc":
              return weekday("long", true);
            case "ccccc":
              return weekday("narrow", true);
            // weekdays - format
            case "E":
              return this.num(dt.weekday);
            case "EEE":
              return weekday("short", false);
            case "EEEE":
              return weekday("long", false);
            case "EEEEE":
              return weekday("narrow", false);
            // months - standalone
            case "L":
              return useDateTimeFormatter ? string({
                month: "numeric",
                day: "numeric"
              }, "month") : this.num(dt.month);
            case "LL":
              return useDateTimeFormatter ? string({
                month: "2-digit",
                day: "numeric"
              }, "month") : this.num(dt.month, 2);
            case "LLL":
              return month("short", true);
            case "LLLL":
              return month("long", true);
            case "LLLLL":
              return month("narrow", true);
            // months - format
            case "M":
              return useDateTimeFormatter ? string({
                month: "numeric"
              }, "month") : this.num(dt.month);
            case "MM":
              return useDateTimeFormatter ? string({
                month: "2-digit"
              }, "month") : this.num(dt.month, 2);
            case "MMM":
              return month("short", false);
            case "MMMM":
              return month("long", false);
            case "MMMMM":
              return month("narrow", false);
            // years
            case "y":
              return useDateTimeFormatter ? string({
                year: "numeric"
              }, "year") : this.num(dt.year);
            case "yy":
              return useDateTimeFormatter ? string({
                year: "2-digit"
              }, "year") : this.num(dt.year.toString().slice(-2), 2);
            case "yyyy":
              return useDateTimeFormatter ? string({
                year: "numeric"
              }, "year") : this.num(dt.year, 4);
            case "yyyyyy":
              return useDateTimeFormatter ? string({
                year: "numeric"
              }, "year") : this.num(dt.year, 6);
            // eras
            case "G":
              return era("short");
            case "GG":
              return era("long");
            case "GGGGG":
              return era("narrow");
            case "kk":
              return this.num(dt.weekYear.toString().slice(-2), 2);
            case "kkkk":
              return this.num(dt.weekYear, 4);
            case "W":
              return this.num(dt.weekNumber);
            case "WW":
              return this.num(dt.weekNumber, 2);
            case "n":
              return this.num(dt.localWeekNumber);
            case "nn":
              return this.num(dt.localWeekNumber, 2);
            case "ii":
              return this.num(dt.localWeekYear.toString().slice(-2), 2);
            case "iiii":
              return this.num(dt.localWeekYear, 4);
            case "o":
              return this.num(dt.ordinal);
            case "ooo":
              return this.num(dt.ordinal, 3);
            case "q":
              return this.num(dt.quarter);
            case "qq":
              return this.num(dt.quarter, 2);
            case "X":
              return this.num(Math.floor(dt.ts / 1e3));
            case "x":
              return this.num(dt.ts);
            default:
              return maybeMacro(token);
          }
        };
        return stringifyTokens(_Formatter.parseFormat(fmt), tokenToString);
      }
      formatDurationFromString(dur, fmt) {
        const invertLargest = this.opts.signMode === "negativeLargestOnly" ? -1 : 1;
        const tokenToField = (token) => {
          switch (token[0]) {
            case "S":
              return "milliseconds";
            case "s":
              return "seconds";
            case "m":
              return "minutes";
            case "h":
              return "hours";
            case "d":
              return "days";
            case "w":
              return "weeks";
            case "M":
              return "months";
            case "y":
              return "years";
            default:
              return null;
          }
        }, tokenToString = (lildur, info) => (token) => {
          const mapped = tokenToField(token);
          if (mapped) {
            const inversionFactor = info.isNegativeDuration && mapped !== info.largestUnit ? invertLargest : 1;
            let signDisplay;
            if (this.opts.signMode === "negativeLargestOnly" && mapped !== info.largestUnit) {
              signDisplay = "never";
            } else if (this.opts.signMode === "all") {
              signDisplay = "always";
            } else {
              signDisplay = "auto";
            }
            return this.num(lildur.get(mapped) * inversionFactor, token.length, signDisplay);
          } else {
            return token;
          }
        }, tokens = _Formatter.parseFormat(fmt), realTokens = tokens.reduce((found, {
          literal,
          val
        }) => literal ? found : found.concat(val), []), collapsed = dur.shiftTo(...realTokens.map(tokenToField).filter((t) => t)), durationInfo = {
          isNegativeDuration: collapsed < 0,
          // this relies on "collapsed" being based on "shiftTo", which builds up the object
          // in order
          largestUnit: Object.keys(collapsed.values)[0]
        };
        return stringifyTokens(tokens, tokenToString(collapsed, durationInfo));
      }
    };
    var ianaRegex = /[A-Za-z_+-]{1,256}(?::?\/[A-Za-z0-9_+-]{1,256}(?:\/[A-Za-z0-9_+-]{1,256})?)?/;
    function combineRegexes(...regexes) {
      const full = regexes.reduce((f, r) => f + r.source, "");
      return RegExp(`^${full}$`);
    }
    function combineExtractors(...extractors) {
      return (m) => extractors.reduce(([mergedVals, mergedZone, cursor], ex) => {
        const [val, zone, next] = ex(m, cursor);
        return [{
          ...mergedVals,
          ...val
        }, zone || mergedZone, next];
      }, [{}, null, 1]).slice(0, 2);
    }
    function parse2(s2, ...patterns) {
      if (s2 == null) {
        return [null, null];
      }
      for (const [regex, extractor] of patterns) {
        const m = regex.exec(s2);
        if (m) {
          return extractor(m);
        }
      }
      return [null, null];
    }
    function simpleParse(...keys) {
      return (match2, cursor) => {
        const ret = {};
        let i;
        for (i = 0; i < keys.length; i++) {
          ret[keys[i]] = parseInteger(match2[cursor + i]);
        }
        return [ret, null, cursor + i];
      };
    }
    var offsetRegex = /(?:([Zz])|([+-]\d\d)(?::?(\d\d))?)/;
    var isoExtendedZone = `(?:${offsetRegex.source}?(?:\\[(${ianaRegex.source})\\])?)?`;
    var isoTimeBaseRegex = /(\d\d)(?::?(\d\d)(?::?(\d\d)(?:[.,](\d{1,30}))?)?)?/;
    var isoTimeRegex = RegExp(`${isoTimeBaseRegex.source}${isoExtendedZone}`);
    var isoTimeExtensionRegex = RegExp(`(?:[Tt]${isoTimeRegex.source})?`);
    var isoYmdRegex = /([+-]\d{6}|\d{4})(?:-?(\d\d)(?:-?(\d\d))?)?/;
    var isoWeekRegex = /(\d{4})-?W(\d\d)(?:-?(\d))?/;
    var isoOrdinalRegex = /(\d{4})-?(\d{3})/;
    var extractISOWeekData = simpleParse("weekYear", "weekNumber", "weekDay");
    var extractISOOrdinalData = simpleParse("year", "ordinal");
    var sqlYmdRegex = /(\d{4})-(\d\d)-(\d\d)/;
    var sqlTimeRegex = RegExp(`${isoTimeBaseRegex.source} ?(?:${offsetRegex.source}|(${ianaRegex.source}))?`);
    var sqlTimeExtensionRegex = RegExp(`(?: ${sqlTimeRegex.source})?`);
    function int(match2, pos, fallback) {
      const m = match2[pos];
      return isUndefined(m) ? fallback : parseInteger(m);
    }
    function extractISOYmd(match2, cursor) {
      const item = {
        year: int(match2, cursor),
        month: int(match2, cursor + 1, 1),
        day: int(match2, cursor + 2, 1)
      };
      return [item, null, cursor + 3];
    }
    function extractISOTime(match2, cursor) {
      const item = {
        hours: int(match2, cursor, 0),
        minutes: int(match2, cursor + 1, 0),
        seconds: int(match2, cursor + 2, 0),
        milliseconds: parseMillis(match2[cursor + 3])
      };
      return [item, null, cursor + 4];
    }
    function extractISOOffset(match2, cursor) {
      const local = !match2[cursor] && !match2[cursor + 1], fullOffset = signedOffset(match2[cursor + 1], match2[cursor + 2]), zone = local ? null : FixedOffsetZone.instance(fullOffset);
      return [{}, zone, cursor + 3];
    }
    function extractIANAZone(match2, cursor) {
      const zone = match2[cursor] ? IANAZone.create(match2[cursor]) : null;
      return [{}, zone, cursor + 1];
    }
    var isoTimeOnly = RegExp(`^T?${isoTimeBaseRegex.source}$`);
    var isoDuration = /^-?P(?:(?:(-?\d{1,20}(?:\.\d{1,20})?)Y)?(?:(-?\d{1,20}(?:\.\d{1,20})?)M)?(?:(-?\d{1,20}(?:\.\d{1,20})?)W)?(?:(-?\d{1,20}(?:\.\d{1,20})?)D)?(?:T(?:(-?\d{1,20}(?:\.\d{1,20})?)H)?(?:(-?\d{1,20}(?:\.\d{1,20})?)M)?(?:(-?\d{1,20})(?:[.,](-?\d{1,20}))?S)?)?)$/;
    function extractISODuration(match2) {
      const [s2, yearStr, monthStr, weekStr, dayStr, hourStr, minuteStr, secondStr, millisecondsStr] = match2;
      const hasNegativePrefix = s2[0] === "-";
      const negativeSeconds = secondStr && secondStr[0] === "-";
      const maybeNegate = (num, force = false) => num !== void 0 && (force || num && hasNegativePrefix) ? -num : num;
      return [{
        years: maybeNegate(parseFloating(yearStr)),
        months: maybeNegate(parseFloating(monthStr)),
        weeks: maybeNegate(parseFloating(weekStr)),
        days: maybeNegate(parseFloating(dayStr)),
        hours: maybeNegate(parseFloating(hourStr)),
        minutes: maybeNegate(parseFloating(minuteStr)),
        seconds: maybeNegate(parseFloating(secondStr), secondStr === "-0"),
        milliseconds: maybeNegate(parseMillis(millisecondsStr), negativeSeconds)
      }];
    }
    var obsOffsets = {
      GMT: 0,
      EDT: -4 * 60,
      EST: -5 * 60,
      CDT: -5 * 60,
      CST: -6 * 60,
      MDT: -6 * 60,
      MST: -7 * 60,
      PDT: -7 * 60,
      PST: -8 * 60
    };
    function fromStrings(weekdayStr, yearStr, monthStr, dayStr, hourStr, minuteStr, secondStr) {
      const result2 = {
        year: yearStr.length === 2 ? untruncateYear(parseInteger(yearStr)) : parseInteger(yearStr),
        month: monthsShort.indexOf(monthStr) + 1,
        day: parseInteger(dayStr),
        hour: parseInteger(hourStr),
        minute: parseInteger(minuteStr)
      };
      if (secondStr) result2.second = parseInteger(secondStr);
      if (weekdayStr) {
        result2.weekday = weekdayStr.length > 3 ? weekdaysLong.indexOf(weekdayStr) + 1 : weekdaysShort.indexOf(weekdayStr) + 1;
      }
      return result2;
    }
    var rfc2822 = /^(?:(Mon|Tue|Wed|Thu|Fri|Sat|Sun),\s)?(\d{1,2})\s(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s(\d{2,4})\s(\d\d):(\d\d)(?::(\d\d))?\s(?:(UT|GMT|[ECMP][SD]T)|([Zz])|(?:([+-]\d\d)(\d\d)))$/;
    function extractRFC2822(match2) {
      const [, weekdayStr, dayStr, monthStr, yearStr, hourStr, minuteStr, secondStr, obsOffset, milOffset, offHourStr, offMinuteStr] = match2, result2 = fromStrings(weekdayStr, yearStr, monthStr, dayStr, hourStr, minuteStr, secondStr);
      let offset2;
      if (obsOffset) {
        offset2 = obsOffsets[obsOffset];
      } else if (milOffset) {
        offset2 = 0;
      } else {
        offset2 = signedOffset(offHourStr, offMinuteStr);
      }
      return [result2, new FixedOffsetZone(offset2)];
    }
    function preprocessRFC2822(s2) {
      return s2.replace(/\([^()]*\)|[\n\t]/g, " ").replace(/(\s\s+)/g, " ").trim();
    }
    var rfc1123 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d\d) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d\d):(\d\d):(\d\d) GMT$/;
    var rfc850 = /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d\d)-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-(\d\d) (\d\d):(\d\d):(\d\d) GMT$/;
    var ascii = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ( \d|\d\d) (\d\d):(\d\d):(\d\d) (\d{4})$/;
    function extractRFC1123Or850(match2) {
      const [, weekdayStr, dayStr, monthStr, yearStr, hourStr, minuteStr, secondStr] = match2, result2 = fromStrings(weekdayStr, yearStr, monthStr, dayStr, hourStr, minuteStr, secondStr);
      return [result2, FixedOffsetZone.utcInstance];
    }
    function extractASCII(match2) {
      const [, weekdayStr, monthStr, dayStr, hourStr, minuteStr, secondStr, yearStr] = match2, result2 = fromStrings(weekdayStr, yearStr, monthStr, dayStr, hourStr, minuteStr, secondStr);
      return [result2, FixedOffsetZone.utcInstance];
    }
    var isoYmdWithTimeExtensionRegex = combineRegexes(isoYmdRegex, isoTimeExtensionRegex);
    var isoWeekWithTimeExtensionRegex = combineRegexes(isoWeekRegex, isoTimeExtensionRegex);
    var isoOrdinalWithTimeExtensionRegex = combineRegexes(isoOrdinalRegex, isoTimeExtensionRegex);
    var isoTimeCombinedRegex = combineRegexes(isoTimeRegex);
    var extractISOYmdTimeAndOffset = combineExtractors(extractISOYmd, extractISOTime, extractISOOffset, extractIANAZone);
    var extractISOWeekTimeAndOffset = combineExtractors(extractISOWeekData, extractISOTime, extractISOOffset, extractIANAZone);
    var extractISOOrdinalDateAndTime = combineExtractors(extractISOOrdinalData, extractISOTime, extractISOOffset, extractIANAZone);
    var extractISOTimeAndOffset = combineExtractors(extractISOTime, extractISOOffset, extractIANAZone);
    function parseISODate(s2) {
      return parse2(s2, [isoYmdWithTimeExtensionRegex, extractISOYmdTimeAndOffset], [isoWeekWithTimeExtensionRegex, extractISOWeekTimeAndOffset], [isoOrdinalWithTimeExtensionRegex, extractISOOrdinalDateAndTime], [isoTimeCombinedRegex, extractISOTimeAndOffset]);
    }
    function parseRFC2822Date(s2) {
      return parse2(preprocessRFC2822(s2), [rfc2822, extractRFC2822]);
    }
    function parseHTTPDate(s2) {
      return parse2(s2, [rfc1123, extractRFC1123Or850], [rfc850, extractRFC1123Or850], [ascii, extractASCII]);
    }
    function parseISODuration(s2) {
      return parse2(s2, [isoDuration, extractISODuration]);
    }
    var extractISOTimeOnly = combineExtractors(extractISOTime);
    function parseISOTimeOnly(s2) {
      return parse2(s2, [isoTimeOnly, extractISOTimeOnly]);
    }
    var sqlYmdWithTimeExtensionRegex = combineRegexes(sqlYmdRegex, sqlTimeExtensionRegex);
    var sqlTimeCombinedRegex = combineRegexes(sqlTimeRegex);
    var extractISOTimeOffsetAndIANAZone = combineExtractors(extractISOTime, extractISOOffset, extractIANAZone);
    function parseSQL(s2) {
      return parse2(s2, [sqlYmdWithTimeExtensionRegex, extractISOYmdTimeAndOffset], [sqlTimeCombinedRegex, extractISOTimeOffsetAndIANAZone]);
    }
    var INVALID$2 = "Invalid Duration";
    var lowOrderMatrix = {
      weeks: {
        days: 7,
        hours: 7 * 24,
        minutes: 7 * 24 * 60,
        seconds: 7 * 24 * 60 * 60,
        milliseconds: 7 * 24 * 60 * 60 * 1e3
      },
      days: {
        hours: 24,
        minutes: 24 * 60,
        seconds: 24 * 60 * 60,
        milliseconds: 24 * 60 * 60 * 1e3
      },
      hours: {
        minutes: 60,
        seconds: 60 * 60,
        milliseconds: 60 * 60 * 1e3
      },
      minutes: {
        seconds: 60,
        milliseconds: 60 * 1e3
      },
      seconds: {
        milliseconds: 1e3
      }
    };
    var casualMatrix = {
      years: {
        quarters: 4,
        months: 12,
        weeks: 52,
        days: 365,
        hours: 365 * 24,
        minutes: 365 * 24 * 60,
        seconds: 365 * 24 * 60 * 60,
        milliseconds: 365 * 24 * 60 * 60 * 1e3
      },
      quarters: {
        months: 3,
        weeks: 13,
        days: 91,
        hours: 91 * 24,
        minutes: 91 * 24 * 60,
        seconds: 91 * 24 * 60 * 60,
        milliseconds: 91 * 24 * 60 * 60 * 1e3
      },
      months: {
        weeks: 4,
        days: 30,
        hours: 30 * 24,
        minutes: 30 * 24 * 60,
        seconds: 30 * 24 * 60 * 60,
        milliseconds: 30 * 24 * 60 * 60 * 1e3
      },
      ...lowOrderMatrix
    };
    var daysInYearAccurate = 146097 / 400;
    var daysInMonthAccurate = 146097 / 4800;
    var accurateMatrix = {
      years: {
        quarters: 4,
        months: 12,
        weeks: daysInYearAccurate / 7,
        days: daysInYearAccurate,
        hours: daysInYearAccurate * 24,
        minutes: daysInYearAccurate * 24 * 60,
        seconds: daysInYearAccurate * 24 * 60 * 60,
        milliseconds: daysInYearAccurate * 24 * 60 * 60 * 1e3
      },
      quarters: {
        months: 3,
        weeks: daysInYearAccurate / 28,
        days: daysInYearAccurate / 4,
        hours: daysInYearAccurate * 24 / 4,
        minutes: daysInYearAccurate * 24 * 60 / 4,
        seconds: daysInYearAccurate * 24 * 60 * 60 / 4,
        milliseconds: daysInYearAccurate * 24 * 60 * 60 * 1e3 / 4
      },
      months: {
        weeks: daysInMonthAccurate / 7,
        days: daysInMonthAccurate,
        hours: daysInMonthAccurate * 24,
        minutes: daysInMonthAccurate * 24 * 60,
        seconds: daysInMonthAccurate * 24 * 60 * 60,
        milliseconds: daysInMonthAccurate * 24 * 60 * 60 * 1e3
      },
      ...lowOrderMatrix
    };
    var orderedUnits$1 = ["years", "quarters", "months", "weeks", "days", "hours", "minutes", "seconds", "milliseconds"];
    var reverseUnits = orderedUnits$1.slice(0).reverse();
    function clone$1(dur, alts, clear = false) {
      const conf = {
        values: clear ? alts.values : {
          ...dur.values,
          ...alts.values || {}
        },
        loc: dur.loc.clone(alts.loc),
        conversionAccuracy: alts.conversionAccuracy || dur.conversionAccuracy,
        matrix: alts.matrix || dur.matrix
      };
      return new Duration(conf);
    }
    function durationToMillis(matrix, vals) {
      var _vals$milliseconds;
      let sum = (_vals$milliseconds = vals.milliseconds) != null ? _vals$milliseconds : 0;
      for (const unit of reverseUnits.slice(1)) {
        if (vals[unit]) {
          sum += vals[unit] * matrix[unit]["milliseconds"];
        }
      }
      return sum;
    }
    function normalizeValues(matrix, vals) {
      const factor = durationToMillis(matrix, vals) < 0 ? -1 : 1;
      orderedUnits$1.reduceRight((previous, current) => {
        if (!isUndefined(vals[current])) {
          if (previous) {
            const previousVal = vals[previous] * factor;
            const conv = matrix[current][previous];
            const rollUp = Math.floor(previousVal / conv);
            vals[current] += rollUp * factor;
            vals[previous] -= rollUp * conv * factor;
          }
          return current;
        } else {
          return previous;
        }
      }, null);
      orderedUnits$1.reduce((previous, current) => {
        if (!isUndefined(vals[current])) {
          if (previous) {
            const fraction = vals[previous] % 1;
            vals[previous] -= fraction;
            vals[current] += fraction * matrix[previous][current];
          }
          return current;
        } else {
          return previous;
        }
      }, null);
    }
    function removeZeroes(vals) {
      const newVals = {};
      for (const [key, value] of Object.entries(vals)) {
        if (value !== 0) {
          newVals[key] = value;
        }
      }
      return newVals;
    }
    var Duration = class _Duration {
      /**
       * @private
       */
      constructor(config) {
        const accurate = config.conversionAccuracy === "longterm" || false;
        let matrix = accurate ? accurateMatrix : casualMatrix;
        if (config.matrix) {
          matrix = config.matrix;
        }
        this.values = config.values;
        this.loc = config.loc || Locale.create();
        this.conversionAccuracy = accurate ? "longterm" : "casual";
        this.invalid = config.invalid || null;
        this.matrix = matrix;
        this.isLuxonDuration = true;
      }
      /**
       * Create Duration from a number of milliseconds.
       * @param {number} count of milliseconds
       * @param {Object} opts - options for parsing
       * @param {string} [opts.locale='en-US'] - the locale to use
       * @param {string} opts.numberingSystem - the numbering system to use
       * @param {string} [opts.conversionAccuracy='casual'] - the conversion system to use
       * @return {Duration}
       */
      static fromMillis(count, opts) {
        return _Duration.fromObject({
          milliseconds: count
        }, opts);
      }
      /**
       * Create a Duration from a JavaScript object with keys like 'years' and 'hours'.
       * If this object is empty then a zero milliseconds duration is returned.
       * @param {Object} obj - the object to create the DateTime from
       * @param {number} obj.years
       * @param {number} obj.quarters
       * @param {number} obj.months
       * @param {number} obj.weeks
       * @param {number} obj.days
       * @param {number} obj.hours
       * @param {number} obj.minutes
       * @param {number} obj.seconds
       * @param {number} obj.milliseconds
       * @param {Object} [opts=[]] - options for creating this Duration
       * @param {string} [opts.locale='en-US'] - the locale to use
       * @param {string} opts.numberingSystem - the numbering system to use
       * @param {string} [opts.conversionAccuracy='casual'] - the preset conversion system to use
       * @param {string} [opts.matrix=Object] - the custom conversion system to use
       * @return {Duration}
       */
      static fromObject(obj, opts = {}) {
        if (obj == null || typeof obj !== "object") {
          throw new InvalidArgumentError(`Duration.fromObject: argument expected to be an object, got ${obj === null ? "null" : typeof obj}`);
        }
        return new _Duration({
          values: normalizeObject(obj, _Duration.normalizeUnit),
          loc: Locale.fromObject(opts),
          conversionAccuracy: opts.conversionAccuracy,
          matrix: opts.matrix
        });
      }
      /**
       * Create a Duration from DurationLike.
       *
       * @param {Object | number | Duration} durationLike
       * One of:
       * - object with keys like 'years' and 'hours'.
       * - number representing milliseconds
       * - Duration instance
       * @return {Duration}
       */
      static fromDurationLike(durationLike) {
        if (isNumber(durationLike)) {
          return _Duration.fromMillis(durationLike);
        } else if (_Duration.isDuration(durationLike)) {
          return durationLike;
        } else if (typeof durationLike === "object") {
          return _Duration.fromObject(durationLike);
        } else {
          throw new InvalidArgumentError(`Unknown duration argument ${durationLike} of type ${typeof durationLike}`);
        }
      }
      /**
       * Create a Duration from an ISO 8601 duration string.
       * @param {string} text - text to parse
       * @param {Object} opts - options for parsing
       * @param {string} [opts.locale='en-US'] - the locale to use
       * @param {string} opts.numberingSystem - the numbering system to use
       * @param {string} [opts.conversionAccuracy='casual'] - the preset conversion system to use
       * @param {string} [opts.matrix=Object] - the preset conversion system to use
       * @see https://en.wikipedia.org/wiki/ISO_8601#Durations
       * @example Duration.fromISO('P3Y6M1W4DT12H30M5S').toObject() //=> { years: 3, months: 6, weeks: 1, days: 4, hours: 12, minutes: 30, seconds: 5 }
       * @example Duration.fromISO('PT23H').toObject() //=> { hours: 23 }
       * @example Duration.fromISO('P5Y3M').toObject() //=> { years: 5, months: 3 }
       * @return {Duration}
       */
      static fromISO(text, opts) {
        const [parsed] = parseISODuration(text);
        if (parsed) {
          return _Duration.fromObject(parsed, opts);
        } else {
          return _Duration.invalid("unparsable", `the input "${text}" can't be parsed as ISO 8601`);
        }
      }
      /**
       * Create a Duration from an ISO 8601 time string.
       * @param {string} text - text to parse
       * @param {Object} opts - options for parsing
       * @param {string} [opts.locale='en-US'] - the locale to use
       * @param {string} opts.numberingSystem - the numbering system to use
       * @param {string} [opts.conversionAccuracy='casual'] - the preset conversion system to use
       * @param {string} [opts.matrix=Object] - the conversion system to use
       * @see https://en.wikipedia.org/wiki/ISO_8601#Times
       * @example Duration.fromISOTime('11:22:33.444').toObject() //=> { hours: 11, minutes: 22, seconds: 33, milliseconds: 444 }
       * @example Duration.fromISOTime('11:00').toObject() //=> { hours: 11, minutes: 0, seconds: 0 }
       * @example Duration.fromISOTime('T11:00').toObject() //=> { hours: 11, minutes: 0, seconds: 0 }
       * @example Duration.fromISOTime('1100').toObject() //=> { hours: 11, minutes: 0, seconds: 0 }
       * @example Duration.fromISOTime('T1100').toObject() //=> { hours: 11, minutes: 0, seconds: 0 }
       * @return {Duration}
       */
      static fromISOTime(text, opts) {
        const [parsed] = parseISOTimeOnly(text);
        if (parsed) {
          return _Duration.fromObject(parsed, opts);
        } else {
          return _Duration.invalid("unparsable", `the input "${text}" can't be parsed as ISO 8601`);
        }
      }
      /**
       * Create an invalid Duration.
       * @param {string} reason - simple string of why this datetime is invalid. Should not contain parameters or anything else data-dependent
       * @param {string} [explanation=null] - longer explanation, may include parameters and other useful debugging information
       * @return {Duration}
       */
      static invalid(reason, explanation = null) {
        if (!reason) {
          throw new InvalidArgumentError("need to specify a reason the Duration is invalid");
        }
        const invalid = reason instanceof Invalid ? reason : new Invalid(reason, explanation);
        if (Settings.throwOnInvalid) {
          throw new InvalidDurationError(invalid);
        } else {
          return new _Duration({
            invalid
          });
        }
      }
      /**
       * @private
       */
      static normalizeUnit(unit) {
        const normalized = {
          year: "years",
          years: "years",
          quarter: "quarters",
          quarters: "quarters",
          month: "months",
          months: "months",
          week: "weeks",
          weeks: "weeks",
          day: "days",
          days: "days",
          hour: "hours",
          hours: "hours",
          minute: "minutes",
          minutes: "minutes",
          second: "seconds",
          seconds: "seconds",
          millisecond: "milliseconds",
          milliseconds: "milliseconds"
        }[unit ? unit.toLowerCase() : unit];
        if (!normalized) throw new InvalidUnitError(unit);
        return normalized;
      }
      /**
       * Check if an object is a Duration. Works across context boundaries
       * @param {object} o
       * @return {boolean}
       */
      static isDuration(o) {
        return o && o.isLuxonDuration || false;
      }
      /**
       * Get  the locale of a Duration, such 'en-GB'
       * @type {string}
       */
      get locale() {
        return this.isValid ? this.loc.locale : null;
      }
      /**
       * Get the numbering system of a Duration, such 'beng'. The numbering system is used when formatting the Duration
       *
       * @type {string}
       */
      get numberingSystem() {
        return this.isValid ? this.loc.numberingSystem : null;
      }
      /**
       * Returns a string representation of this Duration formatted according to the specified format string. You may use these tokens:
       * * `S` for milliseconds
       * * `s` for seconds
       * * `m` for minutes
       * * `h` for hours
       * * `d` for days
       * * `w` for weeks
       * * `M` for months
       * * `y` for years
       * Notes:
       * * Add padding by repeating the token, e.g. "yy" pads the years to two digits, "hhhh" pads the hours out to four digits
       * * Tokens can be escaped by wrapping with single quotes.
       * * The duration will be converted to the set of units in the format string using {@link Duration#shiftTo} and the Durations's conversion accuracy setting.
       * @param {string} fmt - the format string
       * @param {Object} opts - options
       * @param {boolean} [opts.floor=true] - floor numerical values
       * @param {'negative'|'all'|'negativeLargestOnly'} [opts.signMode=negative] - How to handle signs
       * @example Duration.fromObject({ years: 1, days: 6, seconds: 2 }).toFormat("y d s") //=> "1 6 2"
       * @example Duration.fromObject({ years: 1, days: 6, seconds: 2 }).toFormat("yy dd sss") //=> "01 06 002"
       * @example Duration.fromObject({ years: 1, days: 6, seconds: 2 }).toFormat("M S") //=> "12 518402000"
       * @example Duration.fromObject({ days: 6, seconds: 2 }).toFormat("d s", { signMode: "all" }) //=> "+6 +2"
       * @example Duration.fromObject({ days: -6, seconds: -2 }).toFormat("d s", { signMode: "all" }) //=> "-6 -2"
       * @example Duration.fromObject({ days: -6, seconds: -2 }).toFormat("d s", { signMode: "negativeLargestOnly" }) //=> "-6 2"
       * @return {string}
       */
      toFormat(fmt, opts = {}) {
        const fmtOpts = {
          ...opts,
          floor: opts.round !== false && opts.floor !== false
        };
        return this.isValid ? Formatter.create(this.loc, fmtOpts).formatDurationFromString(this, fmt) : INVALID$2;
      }
      /**
       * Returns a string representation of a Duration with all units included.
       * To modify its behavior, use `listStyle` and any Intl.NumberFormat option, though `unitDisplay` is especially relevant.
       * @see https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Intl/NumberFormat/NumberFormat#options
       * @param {Object} opts - Formatting options. Accepts the same keys as the options parameter of the native `Intl.NumberFormat` constructor, as well as `listStyle`.
       * @param {string} [opts.listStyle='narrow'] - How to format the merged list. Corresponds to the `style` property of the options parameter of the native `Intl.ListFormat` constructor.
       * @param {boolean} [opts.showZeros=true] - Show all units previously used by the duration even if they are zero
       * @example
       * ```js
       * var dur = Duration.fromObject({ months: 1, weeks: 0, hours: 5, minutes: 6 })
       * dur.toHuman() //=> '1 month, 0 weeks, 5 hours, 6 minutes'
       * dur.toHuman({ listStyle: "long" }) //=> '1 month, 0 weeks, 5 hours, and 6 minutes'
       * dur.toHuman({ unitDisplay: "short" }) //=> '1 mth, 0 wks, 5 hr, 6 min'
       * dur.toHuman({ showZeros: false }) //=> '1 month, 5 hours, 6 minutes'
       * ```
       */
      toHuman(opts = {}) {
        if (!this.isValid) return INVALID$2;
        const showZeros = opts.showZeros !== false;
        const l2 = orderedUnits$1.map((unit) => {
          const val = this.values[unit];
          if (isUndefined(val) || val === 0 && !showZeros) {
            return null;
          }
          return this.loc.numberFormatter({
            style: "unit",
            unitDisplay: "long",
            ...opts,
            unit: unit.slice(0, -1)
          }).format(val);
        }).filter((n2) => n2);
        return this.loc.listFormatter({
          type: "conjunction",
          style: opts.listStyle || "narrow",
          ...opts
        }).format(l2);
      }
      /**
       * Returns a JavaScript object with this Duration's values.
       * @example Duration.fromObject({ years: 1, days: 6, seconds: 2 }).toObject() //=> { years: 1, days: 6, seconds: 2 }
       * @return {Object}
       */
      toObject() {
        if (!this.isValid) return {};
        return {
          ...this.values
        };
      }
      /**
       * Returns an ISO 8601-compliant string representation of this Duration.
       * @see https://en.wikipedia.org/wiki/ISO_8601#Durations
       * @example Duration.fromObject({ years: 3, seconds: 45 }).toISO() //=> 'P3YT45S'
       * @example Duration.fromObject({ months: 4, seconds: 45 }).toISO() //=> 'P4MT45S'
       * @example Duration.fromObject({ months: 5 }).toISO() //=> 'P5M'
       * @example Duration.fromObject({ minutes: 5 }).toISO() //=> 'PT5M'
       * @example Duration.fromObject({ milliseconds: 6 }).toISO() //=> 'PT0.006S'
       * @return {string}
       */
      toISO() {
        if (!this.isValid) return null;
        let s2 = "P";
        if (this.years !== 0) s2 += this.years + "Y";
        if (this.months !== 0 || this.quarters !== 0) s2 += this.months + this.quarters * 3 + "M";
        if (this.weeks !== 0) s2 += this.weeks + "W";
        if (this.days !== 0) s2 += this.days + "D";
        if (this.hours !== 0 || this.minutes !== 0 || this.seconds !== 0 || this.milliseconds !== 0) s2 += "T";
        if (this.hours !== 0) s2 += this.hours + "H";
        if (this.minutes !== 0) s2 += this.minutes + "M";
        if (this.seconds !== 0 || this.milliseconds !== 0)
          s2 += roundTo(this.seconds + this.milliseconds / 1e3, 3) + "S";
        if (s2 === "P") s2 += "T0S";
        return s2;
      }
      /**
       * Returns an ISO 8601-compliant string representation of this Duration, formatted as a time of day.
       * Note that this will return null if the duration is invalid, negative, or equal to or greater than 24 hours.
       * @see https://en.wikipedia.org/wiki/ISO_8601#Times
       * @param {Object} opts - options
       * @param {boolean} [opts.suppressMilliseconds=false] - exclude milliseconds from the format if they're 0
       * @param {boolean} [opts.suppressSeconds=false] - exclude seconds from the format if they're 0
       * @param {boolean} [opts.includePrefix=false] - include the `T` prefix
       * @param {string} [opts.format='extended'] - choose between the basic and extended format
       * @example Duration.fromObject({ hours: 11 }).toISOTime() //=> '11:00:00.000'
       * @example Duration.fromObject({ hours: 11 }).toISOTime({ suppressMilliseconds: true }) //=> '11:00:00'
       * @example Duration.fromObject({ hours: 11 }).toISOTime({ suppressSeconds: true }) //=> '11:00'
       * @example Duration.fromObject({ hours: 11 }).toISOTime({ includePrefix: true }) //=> 'T11:00:00.000'
       * @example Duration.fromObject({ hours: 11 }).toISOTime({ format: 'basic' }) //=> '110000.000'
       * @return {string}
       */
      toISOTime(opts = {}) {
        if (!this.isValid) return null;
        const millis = this.toMillis();
        if (millis < 0 || millis >= 864e5) return null;
        opts = {
          suppressMilliseconds: false,
          suppressSeconds: false,
          includePrefix: false,
          format: "extended",
          ...opts,
          includeOffset: false
        };
        const dateTime = DateTime.fromMillis(millis, {
          zone: "UTC"
        });
        return dateTime.toISOTime(opts);
      }
      /**
       * Returns an ISO 8601 representation of this Duration appropriate for use in JSON.
       * @return {string}
       */
      toJSON() {
        return this.toISO();
      }
      /**
       * Returns an ISO 8601 representation of this Duration appropriate for use in debugging.
       * @return {string}
       */
      toString() {
        return this.toISO();
      }
      /**
       * Returns a string representation of this Duration appropriate for the REPL.
       * @return {string}
       */
      [/* @__PURE__ */ Symbol.for("nodejs.util.inspect.custom")]() {
        if (this.isValid) {
          return `Duration { values: ${JSON.stringify(this.values)} }`;
        } else {
          return `Duration { Invalid, reason: ${this.invalidReason} }`;
        }
      }
      /**
       * Returns an milliseconds value of this Duration.
       * @return {number}
       */
      toMillis() {
        if (!this.isValid) return NaN;
        return durationToMillis(this.matrix, this.values);
      }
      /**
       * Returns an milliseconds value of this Duration. Alias of {@link toMillis}
       * @return {number}
       */
      valueOf() {
        return this.toMillis();
      }
      /**
       * Make this Duration longer by the specified amount. Return a newly-constructed Duration.
       * @param {Duration|Object|number} duration - The amount to add. Either a Luxon Duration, a number of milliseconds, the object argument to Duration.fromObject()
       * @return {Duration}
       */
      plus(duration) {
        if (!this.isValid) return this;
        const dur = _Duration.fromDurationLike(duration), result2 = {};
        for (const k of orderedUnits$1) {
          if (hasOwnProperty(dur.values, k) || hasOwnProperty(this.values, k)) {
            result2[k] = dur.get(k) + this.get(k);
          }
        }
        return clone$1(this, {
          values: result2
        }, true);
      }
      /**
       * Make this Duration shorter by the specified amount. Return a newly-constructed Duration.
       * @param {Duration|Object|number} duration - The amount to subtract. Either a Luxon Duration, a number of milliseconds, the object argument to Duration.fromObject()
       * @return {Duration}
       */
      minus(duration) {
        if (!this.isValid) return this;
        const dur = _Duration.fromDurationLike(duration);
        return this.plus(dur.negate());
      }
      /**
       * Scale this Duration by the specified amount. Return a newly-constructed Duration.
       * @param {function} fn - The function to apply to each unit. Arity is 1 or 2: the value of the unit and, optionally, the unit name. Must return a number.
       * @example Duration.fromObject({ hours: 1, minutes: 30 }).mapUnits(x => x * 2) //=> { hours: 2, minutes: 60 }
       * @example Duration.fromObject({ hours: 1, minutes: 30 }).mapUnits((x, u) => u === "hours" ? x * 2 : x) //=> { hours: 2, minutes: 30 }
       * @return {Duration}
       */
      mapUnits(fn) {
        if (!this.isValid) return this;
        const result2 = {};
        for (const k of Object.keys(this.values)) {
          result2[k] = asNumber(fn(this.values[k], k));
        }
        return clone$1(this, {
          values: result2
        }, true);
      }
      /**
       * Get the value of unit.
       * @param {string} unit - a unit such as 'minute' or 'day'
       * @example Duration.fromObject({years: 2, days: 3}).get('years') //=> 2
       * @example Duration.fromObject({years: 2, days: 3}).get('months') //=> 0
       * @example Duration.fromObject({years: 2, days: 3}).get('days') //=> 3
       * @return {number}
       */
      get(unit) {
        return this[_Duration.normalizeUnit(unit)];
      }
      /**
       * "Set" the values of specified units. Return a newly-constructed Duration.
       * @param {Object} values - a mapping of units to numbers
       * @example dur.set({ years: 2017 })
       * @example dur.set({ hours: 8, minutes: 30 })
       * @return {Duration}
       */
      set(values) {
        if (!this.isValid) return this;
        const mixed = {
          ...this.values,
          ...normalizeObject(values, _Duration.normalizeUnit)
        };
        return clone$1(this, {
          values: mixed
        });
      }
      /**
       * "Set" the locale and/or numberingSystem.  Returns a newly-constructed Duration.
       * @example dur.reconfigure({ locale: 'en-GB' })
       * @return {Duration}
       */
      reconfigure({
        locale,
        numberingSystem,
        conversionAccuracy,
        matrix
      } = {}) {
        const loc = this.loc.clone({
          locale,
          numberingSystem
        });
        const opts = {
          loc,
          matrix,
          conversionAccuracy
        };
        return clone$1(this, opts);
      }
      /**
       * Return the length of the duration in the specified unit.
       * @param {string} unit - a unit such as 'minutes' or 'days'
       * @example Duration.fromObject({years: 1}).as('days') //=> 365
       * @example Duration.fromObject({years: 1}).as('months') //=> 12
       * @example Duration.fromObject({hours: 60}).as('days') //=> 2.5
       * @return {number}
       */
      as(unit) {
        return this.isValid ? this.shiftTo(unit).get(unit) : NaN;
      }
      /**
       * Reduce this Duration to its canonical representation in its current units.
       * Assuming the overall value of the Duration is positive, this means:
       * - excessive values for lower-order units are converted to higher-order units (if possible, see first and second example)
       * - negative lower-order units are converted to higher order units (there must be such a higher order unit, otherwise
       *   the overall value would be negative, see third example)
       * - fractional values for higher-order units are converted to lower-order units (if possible, see fourth example)
       *
       * If the overall value is negative, the result of this method is equivalent to `this.negate().normalize().negate()`.
       * @example Duration.fromObject({ years: 2, days: 5000 }).normalize().toObject() //=> { years: 15, days: 255 }
       * @example Duration.fromObject({ days: 5000 }).normalize().toObject() //=> { days: 5000 }
       * @example Duration.fromObject({ hours: 12, minutes: -45 }).normalize().toObject() //=> { hours: 11, minutes: 15 }
       * @example Duration.fromObject({ years: 2.5, days: 0, hours: 0 }).normalize().toObject() //=> { years: 2, days: 182, hours: 12 }
       * @return {Duration}
       */
      normalize() {
        if (!this.isValid) return this;
        const vals = this.toObject();
        normalizeValues(this.matrix, vals);
        return clone$1(this, {
          values: vals
        }, true);
      }
      /**
       * Rescale units to its largest representation
       * @example Duration.fromObject({ milliseconds: 90000 }).rescale().toObject() //=> { minutes: 1, seconds: 30 }
       * @return {Duration}
       */
      rescale() {
        if (!this.isValid) return this;
        const vals = removeZeroes(this.normalize().shiftToAll().toObject());
        return clone$1(this, {
          values: vals
        }, true);
      }
      /**
       * Convert this Duration into its representation in a different set of units.
       * @example Duration.fromObject({ hours: 1, seconds: 30 }).shiftTo('minutes', 'milliseconds').toObject() //=> { minutes: 60, milliseconds: 30000 }
       * @return {Duration}
       */
      shiftTo(...units) {
        if (!this.isValid) return this;
        if (units.length === 0) {
          return this;
        }
        units = units.map((u) => _Duration.normalizeUnit(u));
        const built = {}, accumulated = {}, vals = this.toObject();
        let lastUnit;
        for (const k of orderedUnits$1) {
          if (units.indexOf(k) >= 0) {
            lastUnit = k;
            let own2 = 0;
            for (const ak in accumulated) {
              own2 += this.matrix[ak][k] * accumulated[ak];
              accumulated[ak] = 0;
            }
            if (isNumber(vals[k])) {
              own2 += vals[k];
            }
            const i = Math.trunc(own2);
            built[k] = i;
            accumulated[k] = (own2 * 1e3 - i * 1e3) / 1e3;
          } else if (isNumber(vals[k])) {
            accumulated[k] = vals[k];
          }
        }
        for (const key in accumulated) {
          if (accumulated[key] !== 0) {
            built[lastUnit] += key === lastUnit ? accumulated[key] : accumulated[key] / this.matrix[lastUnit][key];
          }
        }
        normalizeValues(this.matrix, built);
        return clone$1(this, {
          values: built
        }, true);
      }
      /**
       * Shift this Duration to all available units.
       * Same as shiftTo("years", "months", "weeks", "days", "hours", "minutes", "seconds", "milliseconds")
       * @return {Duration}
       */
      shiftToAll() {
        if (!this.isValid) return this;
        return this.shiftTo("years", "months", "weeks", "days", "hours", "minutes", "seconds", "milliseconds");
      }
      /**
       * Return the negative of this Duration.
       * @example Duration.fromObject({ hours: 1, seconds: 30 }).negate().toObject() //=> { hours: -1, seconds: -30 }
       * @return {Duration}
       */
      negate() {
        if (!this.isValid) return this;
        const negated = {};
        for (const k of Object.keys(this.values)) {
          negated[k] = this.values[k] === 0 ? 0 : -this.values[k];
        }
        return clone$1(this, {
          values: negated
        }, true);
      }
      /**
       * Removes all units with values equal to 0 from this Duration.
       * @example Duration.fromObject({ years: 2, days: 0, hours: 0, minutes: 0 }).removeZeros().toObject() //=> { years: 2 }
       * @return {Duration}
       */
      removeZeros() {
        if (!this.isValid) return this;
        const vals = removeZeroes(this.values);
        return clone$1(this, {
          values: vals
        }, true);
      }
      /**
       * Get the years.
       * @type {number}
       */
      get years() {
        return this.isValid ? this.values.years || 0 : NaN;
      }
      /**
       * Get the quarters.
       * @type {number}
       */
      get quarters() {
        return this.isValid ? this.values.quarters || 0 : NaN;
      }
      /**
       * Get the months.
       * @type {number}
       */
      get months() {
        return this.isValid ? this.values.months || 0 : NaN;
      }
      /**
       * Get the weeks
       * @type {number}
       */
      get weeks() {
        return this.isValid ? this.values.weeks || 0 : NaN;
      }
      /**
       * Get the days.
       * @type {number}
       */
      get days() {
        return this.isValid ? this.values.days || 0 : NaN;
      }
      /**
       * Get the hours.
       * @type {number}
       */
      get hours() {
        return this.isValid ? this.values.hours || 0 : NaN;
      }
      /**
       * Get the minutes.
       * @type {number}
       */
      get minutes() {
        return this.isValid ? this.values.minutes || 0 : NaN;
      }
      /**
       * Get the seconds.
       * @return {number}
       */
      get seconds() {
        return this.isValid ? this.values.seconds || 0 : NaN;
      }
      /**
       * Get the milliseconds.
       * @return {number}
       */
      get milliseconds() {
        return this.isValid ? this.values.milliseconds || 0 : NaN;
      }
      /**
       * Returns whether the Duration is invalid. Invalid durations are returned by diff operations
       * on invalid DateTimes or Intervals.
       * @return {boolean}
       */
      get isValid() {
        return this.invalid === null;
      }
      /**
       * Returns an error code if this Duration became invalid, or null if the Duration is valid
       * @return {string}
       */
      get invalidReason() {
        return this.invalid ? this.invalid.reason : null;
      }
      /**
       * Returns an explanation of why this Duration became invalid, or null if the Duration is valid
       * @type {string}
       */
      get invalidExplanation() {
        return this.invalid ? this.invalid.explanation : null;
      }
      /**
       * Equality check
       * Two Durations are equal iff they have the same units and the same values for each unit.
       * @param {Duration} other
       * @return {boolean}
       */
      equals(other) {
        if (!this.isValid || !other.isValid) {
          return false;
        }
        if (!this.loc.equals(other.loc)) {
          return false;
        }
        function eq(v1, v2) {
          if (v1 === void 0 || v1 === 0) return v2 === void 0 || v2 === 0;
          return v1 === v2;
        }
        for (const u of orderedUnits$1) {
          if (!eq(this.values[u], other.values[u])) {
            return false;
          }
        }
        return true;
      }
    };
    var INVALID$1 = "Invalid Interval";
    function validateStartEnd(start, end) {
      if (!start || !start.isValid) {
        return Interval.invalid("missing or invalid start");
      } else if (!end || !end.isValid) {
        return Interval.invalid("missing or invalid end");
      } else if (end < start) {
        return Interval.invalid("end before start", `The end of an interval must be after its start, but you had start=${start.toISO()} and end=${end.toISO()}`);
      } else {
        return null;
      }
    }
    var Interval = class _Interval {
      /**
       * @private
       */
      constructor(config) {
        this.s = config.start;
        this.e = config.end;
        this.invalid = config.invalid || null;
        this.isLuxonInterval = true;
      }
      /**
       * Create an invalid Interval.
       * @param {string} reason - simple string of why this Interval is invalid. Should not contain parameters or anything else data-dependent
       * @param {string} [explanation=null] - longer explanation, may include parameters and other useful debugging information
       * @return {Interval}
       */
      static invalid(reason, explanation = null) {
        if (!reason) {
          throw new InvalidArgumentError("need to specify a reason the Interval is invalid");
        }
        const invalid = reason instanceof Invalid ? reason : new Invalid(reason, explanation);
        if (Settings.throwOnInvalid) {
          throw new InvalidIntervalError(invalid);
        } else {
          return new _Interval({
            invalid
          });
        }
      }
      /**
       * Create an Interval from a start DateTime and an end DateTime. Inclusive of the start but not the end.
       * @param {DateTime|Date|Object} start
       * @param {DateTime|Date|Object} end
       * @return {Interval}
       */
      static fromDateTimes(start, end) {
        const builtStart = friendlyDateTime(start), builtEnd = friendlyDateTime(end);
        const validateError = validateStartEnd(builtStart, builtEnd);
        if (validateError == null) {
          return new _Interval({
            start: builtStart,
            end: builtEnd
          });
        } else {
          return validateError;
        }
      }
      /**
       * Create an Interval from a start DateTime and a Duration to extend to.
       * @param {DateTime|Date|Object} start
       * @param {Duration|Object|number} duration - the length of the Interval.
       * @return {Interval}
       */
      static after(start, duration) {
        const dur = Duration.fromDurationLike(duration), dt = friendlyDateTime(start);
        return _Interval.fromDateTimes(dt, dt.plus(dur));
      }
      /**
       * Create an Interval from an end DateTime and a Duration to extend backwards to.
       * @param {DateTime|Date|Object} end
       * @param {Duration|Object|number} duration - the length of the Interval.
       * @return {Interval}
       */
      static before(end, duration) {
        const dur = Duration.fromDurationLike(duration), dt = friendlyDateTime(end);
        return _Interval.fromDateTimes(dt.minus(dur), dt);
      }
      /**
       * Create an Interval from an ISO 8601 string.
       * Accepts `<start>/<end>`, `<start>/<duration>`, and `<duration>/<end>` formats.
       * @param {string} text - the ISO string to parse
       * @param {Object} [opts] - options to pass {@link DateTime#fromISO} and optionally {@link Duration#fromISO}
       * @see https://en.wikipedia.org/wiki/ISO_8601#Time_intervals
       * @return {Interval}
       */
      static fromISO(text, opts) {
        const [s2, e] = (text || "").split("/", 2);
        if (s2 && e) {
          let start, startIsValid;
          try {
            start = DateTime.fromISO(s2, opts);
            startIsValid = start.isValid;
          } catch (e2) {
            startIsValid = false;
          }
          let end, endIsValid;
          try {
            end = DateTime.fromISO(e, opts);
            endIsValid = end.isValid;
          } catch (e2) {
            endIsValid = false;
          }
          if (startIsValid && endIsValid) {
            return _Interval.fromDateTimes(start, end);
          }
          if (startIsValid) {
            const dur = Duration.fromISO(e, opts);
            if (dur.isValid) {
              return _Interval.after(start, dur);
            }
          } else if (endIsValid) {
            const dur = Duration.fromISO(s2, opts);
            if (dur.isValid) {
              return _Interval.before(end, dur);
            }
          }
        }
        return _Interval.invalid("unparsable", `the input "${text}" can't be parsed as ISO 8601`);
      }
      /**
       * Check if an object is an Interval. Works across context boundaries
       * @param {object} o
       * @return {boolean}
       */
      static isInterval(o) {
        return o && o.isLuxonInterval || false;
      }
      /**
       * Returns the start of the Interval
       * @type {DateTime}
       */
      get start() {
        return this.isValid ? this.s : null;
      }
      /**
       * Returns the end of the Interval. This is the first instant which is not part of the interval
       * (Interval is half-open).
       * @type {DateTime}
       */
      get end() {
        return this.isValid ? this.e : null;
      }
      /**
       * Returns the last DateTime included in the interval (since end is not part of the interval)
       * @type {DateTime}
       */
      get lastDateTime() {
        return this.isValid ? this.e ? this.e.minus(1) : null : null;
      }
      /**
       * Returns whether this Interval's end is at least its start, meaning that the Interval isn't 'backwards'.
       * @type {boolean}
       */
      get isValid() {
        return this.invalidReason === null;
      }
      /**
       * Returns an error code if this Interval is invalid, or null if the Interval is valid
       * @type {string}
       */
      get invalidReason() {
        return this.invalid ? this.invalid.reason : null;
      }
      /**
       * Returns an explanation of why this Interval became invalid, or null if the Interval is valid
       * @type {string}
       */
      get invalidExplanation() {
        return this.invalid ? this.invalid.explanation : null;
      }
      /**
       * Returns the length of the Interval in the specified unit.
       * @param {string} unit - the unit (such as 'hours' or 'days') to return the length in.
       * @return {number}
       */
      length(unit = "milliseconds") {
        return this.isValid ? this.toDuration(...[unit]).get(unit) : NaN;
      }
      /**
       * Returns the count of minutes, hours, days, months, or years included in the Interval, even in part.
       * Unlike {@link Interval#length} this counts sections of the calendar, not periods of time, e.g. specifying 'day'
       * asks 'what dates are included in this interval?', not 'how many days long is this interval?'
       * @param {string} [unit='milliseconds'] - the unit of time to count.
       * @param {Object} opts - options
       * @param {boolean} [opts.useLocaleWeeks=false] - If true, use weeks based on the locale, i.e. use the locale-dependent start of the week; this operation will always use the locale of the start DateTime
       * @return {number}
       */
      count(unit = "milliseconds", opts) {
        if (!this.isValid) return NaN;
        const start = this.start.startOf(unit, opts);
        let end;
        if (opts != null && opts.useLocaleWeeks) {
          end = this.end.reconfigure({
            locale: start.locale
          });
        } else {
          end = this.end;
        }
        end = end.startOf(unit, opts);
        return Math.floor(end.diff(start, unit).get(unit)) + (end.valueOf() !== this.end.valueOf());
      }
      /**
       * Returns whether this Interval's start and end are both in the same unit of time
       * @param {string} unit - the unit of time to check sameness on
       * @return {boolean}
       */
      hasSame(unit) {
        return this.isValid ? this.isEmpty() || this.e.minus(1).hasSame(this.s, unit) : false;
      }
      /**
       * Return whether this Interval has the same start and end DateTimes.
       * @return {boolean}
       */
      isEmpty() {
        return this.s.valueOf() === this.e.valueOf();
      }
      /**
       * Return whether this Interval's start is after the specified DateTime.
       * @param {DateTime} dateTime
       * @return {boolean}
       */
      isAfter(dateTime) {
        if (!this.isValid) return false;
        return this.s > dateTime;
      }
      /**
       * Return whether this Interval's end is before the specified DateTime.
       * @param {DateTime} dateTime
       * @return {boolean}
       */
      isBefore(dateTime) {
        if (!this.isValid) return false;
        return this.e <= dateTime;
      }
      /**
       * Return whether this Interval contains the specified DateTime.
       * @param {DateTime} dateTime
       * @return {boolean}
       */
      contains(dateTime) {
        if (!this.isValid) return false;
        return this.s <= dateTime && this.e > dateTime;
      }
      /**
       * "Sets" the start and/or end dates. Returns a newly-constructed Interval.
       * @param {Object} values - the values to set
       * @param {DateTime} values.start - the starting DateTime
       * @param {DateTime} values.end - the ending DateTime
       * @return {Interval}
       */
      set({
        start,
        end
      } = {}) {
        if (!this.isValid) return this;
        return _Interval.fromDateTimes(start || this.s, end || this.e);
      }
      /**
       * Split this Interval at each of the specified DateTimes
       * @param {...DateTime} dateTimes - the unit of time to count.
       * @return {Array}
       */
      splitAt(...dateTimes) {
        if (!this.isValid) return [];
        const sorted = dateTimes.map(friendlyDateTime).filter((d) => this.contains(d)).sort((a, b) => a.toMillis() - b.toMillis()), results = [];
        let {
          s: s2
        } = this, i = 0;
        while (s2 < this.e) {
          const added = sorted[i] || this.e, next = +added > +this.e ? this.e : added;
          results.push(_Interval.fromDateTimes(s2, next));
          s2 = next;
          i += 1;
        }
        return results;
      }
      /**
       * Split this Interval into smaller Intervals, each of the specified length.
       * Left over time is grouped into a smaller interval
       * @param {Duration|Object|number} duration - The length of each resulting interval.
       * @return {Array}
       */
      splitBy(duration) {
        const dur = Duration.fromDurationLike(duration);
        if (!this.isValid || !dur.isValid || dur.as("milliseconds") === 0) {
          return [];
        }
        let {
          s: s2
        } = this, idx = 1, next;
        const results = [];
        while (s2 < this.e) {
          const added = this.start.plus(dur.mapUnits((x) => x * idx));
          next = +added > +this.e ? this.e : added;
          results.push(_Interval.fromDateTimes(s2, next));
          s2 = next;
          idx += 1;
        }
        return results;
      }
      /**
       * Split this Interval into the specified number of smaller intervals.
       * @param {number} numberOfParts - The number of Intervals to divide the Interval into.
       * @return {Array}
       */
      divideEqually(numberOfParts) {
        if (!this.isValid) return [];
        return this.splitBy(this.length() / numberOfParts).slice(0, numberOfParts);
      }
      /**
       * Return whether this Interval overlaps with the specified Interval
       * @param {Interval} other
       * @return {boolean}
       */
      overlaps(other) {
        return this.e > other.s && this.s < other.e;
      }
      /**
       * Return whether this Interval's end is adjacent to the specified Interval's start.
       * @param {Interval} other
       * @return {boolean}
       */
      abutsStart(other) {
        if (!this.isValid) return false;
        return +this.e === +other.s;
      }
      /**
       * Return whether this Interval's start is adjacent to the specified Interval's end.
       * @param {Interval} other
       * @return {boolean}
       */
      abutsEnd(other) {
        if (!this.isValid) return false;
        return +other.e === +this.s;
      }
      /**
       * Returns true if this Interval fully contains the specified Interval, specifically if the intersect (of this Interval and the other Interval) is equal to the other Interval; false otherwise.
       * @param {Interval} other
       * @return {boolean}
       */
      engulfs(other) {
        if (!this.isValid) return false;
        return this.s <= other.s && this.e >= other.e;
      }
      /**
       * Return whether this Interval has the same start and end as the specified Interval.
       * @param {Interval} other
       * @return {boolean}
       */
      equals(other) {
        if (!this.isValid || !other.isValid) {
          return false;
        }
        return this.s.equals(other.s) && this.e.equals(other.e);
      }
      /**
       * Return an Interval representing the intersection of this Interval and the specified Interval.
       * Specifically, the resulting Interval has the maximum start time and the minimum end time of the two Intervals.
       * Returns null if the intersection is empty, meaning, the intervals don't intersect.
       * @param {Interval} other
       * @return {Interval}
       */
      intersection(other) {
        if (!this.isValid) return this;
        const s2 = this.s > other.s ? this.s : other.s, e = this.e < other.e ? this.e : other.e;
        if (s2 >= e) {
          return null;
        } else {
          return _Interval.fromDateTimes(s2, e);
        }
      }
      /**
       * Return an Interval representing the union of this Interval and the specified Interval.
       * Specifically, the resulting Interval has the minimum start time and the maximum end time of the two Intervals.
       * @param {Interval} other
       * @return {Interval}
       */
      union(other) {
        if (!this.isValid) return this;
        const s2 = this.s < other.s ? this.s : other.s, e = this.e > other.e ? this.e : other.e;
        return _Interval.fromDateTimes(s2, e);
      }
      /**
       * Merge an array of Intervals into an equivalent minimal set of Intervals.
       * Combines overlapping and adjacent Intervals.
       * The resulting array will contain the Intervals in ascending order, that is, starting with the earliest Interval
       * and ending with the latest.
       *
       * @param {Array} intervals
       * @return {Array}
       */
      static merge(intervals) {
        const [found, final] = intervals.sort((a, b) => a.s - b.s).reduce(([sofar, current], item) => {
          if (!current) {
            return [sofar, item];
          } else if (current.overlaps(item) || current.abutsStart(item)) {
            return [sofar, current.union(item)];
          } else {
            return [sofar.concat([current]), item];
          }
        }, [[], null]);
        if (final) {
          found.push(final);
        }
        return found;
      }
      /**
       * Return an array of Intervals representing the spans of time that only appear in one of the specified Intervals.
       * @param {Array} intervals
       * @return {Array}
       */
      static xor(intervals) {
        let start = null, currentCount = 0;
        const results = [], ends = intervals.map((i) => [{
          time: i.s,
          type: "s"
        }, {
          time: i.e,
          type: "e"
        }]), flattened = Array.prototype.concat(...ends), arr = flattened.sort((a, b) => a.time - b.time);
        for (const i of arr) {
          currentCount += i.type === "s" ? 1 : -1;
          if (currentCount === 1) {
            start = i.time;
          } else {
            if (start && +start !== +i.time) {
              results.push(_Interval.fromDateTimes(start, i.time));
            }
            start = null;
          }
        }
        return _Interval.merge(results);
      }
      /**
       * Return an Interval representing the span of time in this Interval that doesn't overlap with any of the specified Intervals.
       * @param {...Interval} intervals
       * @return {Array}
       */
      difference(...intervals) {
        return _Interval.xor([this].concat(intervals)).map((i) => this.intersection(i)).filter((i) => i && !i.isEmpty());
      }
      /**
       * Returns a string representation of this Interval appropriate for debugging.
       * @return {string}
       */
      toString() {
        if (!this.isValid) return INVALID$1;
        return `[${this.s.toISO()} \u2013 ${this.e.toISO()})`;
      }
      /**
       * Returns a string representation of this Interval appropriate for the REPL.
       * @return {string}
       */
      [/* @__PURE__ */ Symbol.for("nodejs.util.inspect.custom")]() {
        if (this.isValid) {
          return `Interval { start: ${this.s.toISO()}, end: ${this.e.toISO()} }`;
        } else {
          return `Interval { Invalid, reason: ${this.invalidReason} }`;
        }
      }
      /**
       * Returns a localized string representing this Interval. Accepts the same options as the
       * Intl.DateTimeFormat constructor and any presets defined by Luxon, such as
       * {@link DateTime.DATE_FULL} or {@link DateTime.TIME_SIMPLE}. The exact behavior of this method
       * is browser-specific, but in general it will return an appropriate representation of the
       * Interval in the assigned locale. Defaults to the system's locale if no locale has been
       * specified.
       * @see https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/DateTimeFormat
       * @param {Object} [formatOpts=DateTime.DATE_SHORT] - Either a DateTime preset or
       * Intl.DateTimeFormat constructor options.
       * @param {Object} opts - Options to override the configuration of the start DateTime.
       * @example Interval.fromISO('2022-11-07T09:00Z/2022-11-08T09:00Z').toLocaleString(); //=> 11/7/2022 – 11/8/2022
       * @example Interval.fromISO('2022-11-07T09:00Z/2022-11-08T09:00Z').toLocaleString(DateTime.DATE_FULL); //=> November 7 – 8, 2022
       * @example Interval.fromISO('2022-11-07T09:00Z/2022-11-08T09:00Z').toLocaleString(DateTime.DATE_FULL, { locale: 'fr-FR' }); //=> 7–8 novembre 2022
       * @example Interval.fromISO('2022-11-07T17:00Z/2022-11-07T19:00Z').toLocaleString(DateTime.TIME_SIMPLE); //=> 6:00 – 8:00 PM
       * @example Interval.fromISO('2022-11-07T17:00Z/2022-11-07T19:00Z').toLocaleString({ weekday: 'short', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit' }); //=> Mon, Nov 07, 6:00 – 8:00 p
       * @return {string}
       */
      toLocaleString(formatOpts = DATE_SHORT, opts = {}) {
        return this.isValid ? Formatter.create(this.s.loc.clone(opts), formatOpts).formatInterval(this) : INVALID$1;
      }
      /**
       * Returns an ISO 8601-compliant string representation of this Interval.
       * @see https://en.wikipedia.org/wiki/ISO_8601#Time_intervals
       * @param {Object} opts - The same options as {@link DateTime#toISO}
       * @return {string}
       */
      toISO(opts) {
        if (!this.isValid) return INVALID$1;
        return `${this.s.toISO(opts)}/${this.e.toISO(opts)}`;
      }
      /**
       * Returns an ISO 8601-compliant string representation of date of this Interval.
       * The time components are ignored.
       * @see https://en.wikipedia.org/wiki/ISO_8601#Time_intervals
       * @return {string}
       */
      toISODate() {
        if (!this.isValid) return INVALID$1;
        return `${this.s.toISODate()}/${this.e.toISODate()}`;
      }
      /**
       * Returns an ISO 8601-compliant string representation of time of this Interval.
       * The date components are ignored.
       * @see https://en.wikipedia.org/wiki/ISO_8601#Time_intervals
       * @param {Object} opts - The same options as {@link DateTime#toISO}
       * @return {string}
       */
      toISOTime(opts) {
        if (!this.isValid) return INVALID$1;
        return `${this.s.toISOTime(opts)}/${this.e.toISOTime(opts)}`;
      }
      /**
       * Returns a string representation of this Interval formatted according to the specified format
       * string. **You may not want this.** See {@link Interval#toLocaleString} for a more flexible
       * formatting tool.
       * @param {string} dateFormat - The format string. This string formats the start and end time.
       * See {@link DateTime#toFormat} for details.
       * @param {Object} opts - Options.
       * @param {string} [opts.separator =  ' – '] - A separator to place between the start and end
       * representations.
       * @return {string}
       */
      toFormat(dateFormat, {
        separator = " \u2013 "
      } = {}) {
        if (!this.isValid) return INVALID$1;
        return `${this.s.toFormat(dateFormat)}${separator}${this.e.toFormat(dateFormat)}`;
      }
      /**
       * Return a Duration representing the time spanned by this interval.
       * @param {string|string[]} [unit=['milliseconds']] - the unit or units (such as 'hours' or 'days') to include in the duration.
       * @param {Object} opts - options that affect the creation of the Duration
       * @param {string} [opts.conversionAccuracy='casual'] - the conversion system to use
       * @example Interval.fromDateTimes(dt1, dt2).toDuration().toObject() //=> { milliseconds: 88489257 }
       * @example Interval.fromDateTimes(dt1, dt2).toDuration('days').toObject() //=> { days: 1.0241812152777778 }
       * @example Interval.fromDateTimes(dt1, dt2).toDuration(['hours', 'minutes']).toObject() //=> { hours: 24, minutes: 34.82095 }
       * @example Interval.fromDateTimes(dt1, dt2).toDuration(['hours', 'minutes', 'seconds']).toObject() //=> { hours: 24, minutes: 34, seconds: 49.257 }
       * @example Interval.fromDateTimes(dt1, dt2).toDuration('seconds').toObject() //=> { seconds: 88489.257 }
       * @return {Duration}
       */
      toDuration(unit, opts) {
        if (!this.isValid) {
          return Duration.invalid(this.invalidReason);
        }
        return this.e.diff(this.s, unit, opts);
      }
      /**
       * Run mapFn on the interval start and end, returning a new Interval from the resulting DateTimes
       * @param {function} mapFn
       * @return {Interval}
       * @example Interval.fromDateTimes(dt1, dt2).mapEndpoints(endpoint => endpoint.toUTC())
       * @example Interval.fromDateTimes(dt1, dt2).mapEndpoints(endpoint => endpoint.plus({ hours: 2 }))
       */
      mapEndpoints(mapFn) {
        return _Interval.fromDateTimes(mapFn(this.s), mapFn(this.e));
      }
    };
    var Info = class {
      /**
       * Return whether the specified zone contains a DST.
       * @param {string|Zone} [zone='local'] - Zone to check. Defaults to the environment's local zone.
       * @return {boolean}
       */
      static hasDST(zone = Settings.defaultZone) {
        const proto = DateTime.now().setZone(zone).set({
          month: 12
        });
        return !zone.isUniversal && proto.offset !== proto.set({
          month: 6
        }).offset;
      }
      /**
       * Return whether the specified zone is a valid IANA specifier.
       * @param {string} zone - Zone to check
       * @return {boolean}
       */
      static isValidIANAZone(zone) {
        return IANAZone.isValidZone(zone);
      }
      /**
       * Converts the input into a {@link Zone} instance.
       *
       * * If `input` is already a Zone instance, it is returned unchanged.
       * * If `input` is a string containing a valid time zone name, a Zone instance
       *   with that name is returned.
       * * If `input` is a string that doesn't refer to a known time zone, a Zone
       *   instance with {@link Zone#isValid} == false is returned.
       * * If `input is a number, a Zone instance with the specified fixed offset
       *   in minutes is returned.
       * * If `input` is `null` or `undefined`, the default zone is returned.
       * @param {string|Zone|number} [input] - the value to be converted
       * @return {Zone}
       */
      static normalizeZone(input) {
        return normalizeZone(input, Settings.defaultZone);
      }
      /**
       * Get the weekday on which the week starts according to the given locale.
       * @param {Object} opts - options
       * @param {string} [opts.locale] - the locale code
       * @param {string} [opts.locObj=null] - an existing locale object to use
       * @returns {number} the start of the week, 1 for Monday through 7 for Sunday
       */
      static getStartOfWeek({
        locale = null,
        locObj = null
      } = {}) {
        return (locObj || Locale.create(locale)).getStartOfWeek();
      }
      /**
       * Get the minimum number of days necessary in a week before it is considered part of the next year according
       * to the given locale.
       * @param {Object} opts - options
       * @param {string} [opts.locale] - the locale code
       * @param {string} [opts.locObj=null] - an existing locale object to use
       * @returns {number}
       */
      static getMinimumDaysInFirstWeek({
        locale = null,
        locObj = null
      } = {}) {
        return (locObj || Locale.create(locale)).getMinDaysInFirstWeek();
      }
      /**
       * Get the weekdays, which are considered the weekend according to the given locale
       * @param {Object} opts - options
       * @param {string} [opts.locale] - the locale code
       * @param {string} [opts.locObj=null] - an existing locale object to use
       * @returns {number[]} an array of weekdays, 1 for Monday through 7 for Sunday
       */
      static getWeekendWeekdays({
        locale = null,
        locObj = null
      } = {}) {
        return (locObj || Locale.create(locale)).getWeekendDays().slice();
      }
      /**
       * Return an array of standalone month names.
       * @see https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/DateTimeFormat
       * @param {string} [length='long'] - the length of the month representation, such as "numeric", "2-digit", "narrow", "short", "long"
       * @param {Object} opts - options
       * @param {string} [opts.locale] - the locale code
       * @param {string} [opts.numberingSystem=null] - the numbering system
       * @param {string} [opts.locObj=null] - an existing locale object to use
       * @param {string} [opts.outputCalendar='gregory'] - the calendar
       * @example Info.months()[0] //=> 'January'
       * @example Info.months('short')[0] //=> 'Jan'
       * @example Info.months('numeric')[0] //=> '1'
       * @example Info.months('short', { locale: 'fr-CA' } )[0] //=> 'janv.'
       * @example Info.months('numeric', { locale: 'ar' })[0] //=> '١'
       * @example Info.months('long', { outputCalendar: 'islamic' })[0] //=> 'Rabiʻ I'
       * @return {Array}
       */
      static months(length = "long", {
        locale = null,
        numberingSystem = null,
        locObj = null,
        outputCalendar = "gregory"
      } = {}) {
        return (locObj || Locale.create(locale, numberingSystem, outputCalendar)).months(length);
      }
      /**
       * Return an array of format month names.
       * Format months differ from standalone months in that they're meant to appear next to the day of the month. In some languages, that
       * changes the string.
       * See {@link Info#months}
       * @param {string} [length='long'] - the length of the month representation, such as "numeric", "2-digit", "narrow", "short", "long"
       * @param {Object} opts - options
       * @param {string} [opts.locale] - the locale code
       * @param {string} [opts.numberingSystem=null] - the numbering system
       * @param {string} [opts.locObj=null] - an existing locale object to use
       * @param {string} [opts.outputCalendar='gregory'] - the calendar
       * @return {Array}
       */
      static monthsFormat(length = "long", {
        locale = null,
        numberingSystem = null,
        locObj = null,
        outputCalendar = "gregory"
      } = {}) {
        return (locObj || Locale.create(locale, numberingSystem, outputCalendar)).months(length, true);
      }
      /**
       * Return an array of standalone week names.
       * @see https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/DateTimeFormat
       * @param {string} [length='long'] - the length of the weekday representation, such as "narrow", "short", "long".
       * @param {Object} opts - options
       * @param {string} [opts.locale] - the locale code
       * @param {string} [opts.numberingSystem=null] - the numbering system
       * @param {string} [opts.locObj=null] - an existing locale object to use
       * @example Info.weekdays()[0] //=> 'Monday'
       * @example Info.weekdays('short')[0] //=> 'Mon'
       * @example Info.weekdays('short', { locale: 'fr-CA' })[0] //=> 'lun.'
       * @example Info.weekdays('short', { locale: 'ar' })[0] //=> 'الاثنين'
       * @return {Array}
       */
      static weekdays(length = "long", {
        locale = null,
        numberingSystem = null,
        locObj = null
      } = {}) {
        return (locObj || Locale.create(locale, numberingSystem, null)).weekdays(length);
      }
      /**
       * Return an array of format week names.
       * Format weekdays differ from standalone weekdays in that they're meant to appear next to more date information. In some languages, that
       * changes the string.
       * See {@link Info#weekdays}
       * @param {string} [length='long'] - the length of the month representation, such as "narrow", "short", "long".
       * @param {Object} opts - options
       * @param {string} [opts.locale=null] - the locale code
       * @param {string} [opts.numberingSystem=null] - the numbering system
       * @param {string} [opts.locObj=null] - an existing locale object to use
       * @return {Array}
       */
      static weekdaysFormat(length = "long", {
        locale = null,
        numberingSystem = null,
        locObj = null
      } = {}) {
        return (locObj || Locale.create(locale, numberingSystem, null)).weekdays(length, true);
      }
      /**
       * Return an array of meridiems.
       * @param {Object} opts - options
       * @param {string} [opts.locale] - the locale code
       * @example Info.meridiems() //=> [ 'AM', 'PM' ]
       * @example Info.meridiems({ locale: 'my' }) //=> [ 'နံနက်', 'ညနေ' ]
       * @return {Array}
       */
      static meridiems({
        locale = null
      } = {}) {
        return Locale.create(locale).meridiems();
      }
      /**
       * Return an array of eras, such as ['BC', 'AD']. The locale can be specified, but the calendar system is always Gregorian.
       * @param {string} [length='short'] - the length of the era representation, such as "short" or "long".
       * @param {Object} opts - options
       * @param {string} [opts.locale] - the locale code
       * @example Info.eras() //=> [ 'BC', 'AD' ]
       * @example Info.eras('long') //=> [ 'Before Christ', 'Anno Domini' ]
       * @example Info.eras('long', { locale: 'fr' }) //=> [ 'avant Jésus-Christ', 'après Jésus-Christ' ]
       * @return {Array}
       */
      static eras(length = "short", {
        locale = null
      } = {}) {
        return Locale.create(locale, null, "gregory").eras(length);
      }
      /**
       * Return the set of available features in this environment.
       * Some features of Luxon are not available in all environments. For example, on older browsers, relative time formatting support is not available. Use this function to figure out if that's the case.
       * Keys:
       * * `relative`: whether this environment supports relative time formatting
       * * `localeWeek`: whether this environment supports different weekdays for the start of the week based on the locale
       * @example Info.features() //=> { relative: false, localeWeek: true }
       * @return {Object}
       */
      static features() {
        return {
          relative: hasRelative(),
          localeWeek: hasLocaleWeekInfo()
        };
      }
    };
    function dayDiff(earlier, later) {
      const utcDayStart = (dt) => dt.toUTC(0, {
        keepLocalTime: true
      }).startOf("day").valueOf(), ms = utcDayStart(later) - utcDayStart(earlier);
      return Math.floor(Duration.fromMillis(ms).as("days"));
    }
    function highOrderDiffs(cursor, later, units) {
      const differs = [["years", (a, b) => b.year - a.year], ["quarters", (a, b) => b.quarter - a.quarter + (b.year - a.year) * 4], ["months", (a, b) => b.month - a.month + (b.year - a.year) * 12], ["weeks", (a, b) => {
        const days = dayDiff(a, b);
        return (days - days % 7) / 7;
      }], ["days", dayDiff]];
      const results = {};
      const earlier = cursor;
      let lowestOrder, highWater;
      for (const [unit, differ] of differs) {
        if (units.indexOf(unit) >= 0) {
          lowestOrder = unit;
          results[unit] = differ(cursor, later);
          highWater = earlier.plus(results);
          if (highWater > later) {
            results[unit]--;
            cursor = earlier.plus(results);
            if (cursor > later) {
              highWater = cursor;
              results[unit]--;
              cursor = earlier.plus(results);
            }
          } else {
            cursor = highWater;
          }
        }
      }
      return [cursor, results, highWater, lowestOrder];
    }
    function diff(earlier, later, units, opts) {
      let [cursor, results, highWater, lowestOrder] = highOrderDiffs(earlier, later, units);
      const remainingMillis = later - cursor;
      const lowerOrderUnits = units.filter((u) => ["hours", "minutes", "seconds", "milliseconds"].indexOf(u) >= 0);
      if (lowerOrderUnits.length === 0) {
        if (highWater < later) {
          highWater = cursor.plus({
            [lowestOrder]: 1
          });
        }
        if (highWater !== cursor) {
          results[lowestOrder] = (results[lowestOrder] || 0) + remainingMillis / (highWater - cursor);
        }
      }
      const duration = Duration.fromObject(results, opts);
      if (lowerOrderUnits.length > 0) {
        return Duration.fromMillis(remainingMillis, opts).shiftTo(...lowerOrderUnits).plus(duration);
      } else {
        return duration;
      }
    }
    var MISSING_FTP = "missing Intl.DateTimeFormat.formatToParts support";
    function intUnit(regex, post = (i) => i) {
      return {
        regex,
        deser: ([s2]) => post(parseDigits(s2))
      };
    }
    var NBSP = String.fromCharCode(160);
    var spaceOrNBSP = `[ ${NBSP}]`;
    var spaceOrNBSPRegExp = new RegExp(spaceOrNBSP, "g");
    function fixListRegex(s2) {
      return s2.replace(/\./g, "\\.?").replace(spaceOrNBSPRegExp, spaceOrNBSP);
    }
    function stripInsensitivities(s2) {
      return s2.replace(/\./g, "").replace(spaceOrNBSPRegExp, " ").toLowerCase();
    }
    function oneOf(strings, startIndex) {
      if (strings === null) {
        return null;
      } else {
        return {
          regex: RegExp(strings.map(fixListRegex).join("|")),
          deser: ([s2]) => strings.findIndex((i) => stripInsensitivities(s2) === stripInsensitivities(i)) + startIndex
        };
      }
    }
    function offset(regex, groups) {
      return {
        regex,
        deser: ([, h, m]) => signedOffset(h, m),
        groups
      };
    }
    function simple(regex) {
      return {
        regex,
        deser: ([s2]) => s2
      };
    }
    function escapeToken(value) {
      return value.replace(/[\-\[\]{}()*+?.,\\\^$|#\s]/g, "\\$&");
    }
    function unitForToken(token, loc) {
      const one = digitRegex(loc), two = digitRegex(loc, "{2}"), three = digitRegex(loc, "{3}"), four = digitRegex(loc, "{4}"), six = digitRegex(loc, "{6}"), oneOrTwo = digitRegex(loc, "{1,2}"), oneToThree = digitRegex(loc, "{1,3}"), oneToSix = digitRegex(loc, "{1,6}"), oneToNine = digitRegex(loc, "{1,9}"), twoToFour = digitRegex(loc, "{2,4}"), fourToSix = digitRegex(loc, "{4,6}"), literal = (t) => ({
        regex: RegExp(escapeToken(t.val)),
        deser: ([s2]) => s2,
        literal: true
      }), unitate = (t) => {
        if (token.literal) {
          return literal(t);
        }
        switch (t.val) {
          // era
          case "G":
            return oneOf(loc.eras("short"), 0);
          case "GG":
            return oneOf(loc.eras("long"), 0);
          // years
          case "y":
            return intUnit(oneToSix);
          case "yy":
            return intUnit(twoToFour, untruncateYear);
          case "yyyy":
            return intUnit(four);
          case "yyyyy":
            return intUnit(fourToSix);
          case "yyyyyy":
            return intUnit(six);
          // months
          case "M":
            return intUnit(oneOrTwo);
          case "MM":
            return intUnit(two);
          case "MMM":
            return oneOf(loc.months("short", true), 1);
          case "MMMM":
            return oneOf(loc.months("long", true), 1);
          case "L":
            return intUnit(oneOrTwo);
          case "LL":
            return intUnit(two);
          case "LLL":
            return oneOf(loc.months("short", false), 1);
          case "LLLL":
            return oneOf(loc.months("long", false), 1);
          // dates
          case "d":
            return intUnit(oneOrTwo);
          case "dd":
            return intUnit(two);
          // ordinals
          case "o":
            return intUnit(oneToThree);
          case "ooo":
            return intUnit(three);
          // time
          case "HH":
            return intUnit(two);
          case "H":
            return intUnit(oneOrTwo);
          case "hh":
            return intUnit(two);
          case "h":
            return intUnit(oneOrTwo);
          case "mm":
            return intUnit(two);
          case "m":
            return intUnit(oneOrTwo);
          case "q":
            return intUnit(oneOrTwo);
          case "qq":
            return intUnit(two);
          case "s":
            return intUnit(oneOrTwo);
          case "ss":
            return intUnit(two);
          case "S":
            return intUnit(oneToThree);
          case "SSS":
            return intUnit(three);
          case "u":
            return simple(oneToNine);
          case "uu":
            return simple(oneOrTwo);
          case "uuu":
            return intUnit(one);
          // meridiem
          case "a":
            return oneOf(loc.meridiems(), 0);
          // weekYear (k)
          case "kkkk":
            return intUnit(four);
          case "kk":
            return intUnit(twoToFour, untruncateYear);
          // weekNumber (W)
          case "W":
            return intUnit(oneOrTwo);
          case "WW":
            return intUnit(two);
          // weekdays
          case "E":
          case "c":
            return intUnit(one);
          case "EEE":
            return oneOf(loc.weekdays("short", false), 1);
          case "EEEE":
            return oneOf(loc.weekdays("long", false), 1);
          case "ccc":
            return oneOf(loc.weekdays("short", true), 1);
          case "cccc":
            return oneOf(loc.weekdays("long", true), 1);
          // offset/zone
          case "Z":
          case "ZZ":
            return offset(new RegExp(`([+-]${oneOrTwo.source})(?::(${two.source}))?`), 2);
          case "ZZZ":
            return offset(new RegExp(`([+-]${oneOrTwo.source})(${two.source})?`), 2);
          // we don't support ZZZZ (PST) or ZZZZZ (Pacific Standard Time) in parsing
          // because we don't have any way to figure out what they are
          case "z":
            return simple(/[a-z_+-/]{1,256}?/i);
          // this special-case "token" represents a place where a macro-token expanded into a white-space literal
          // in this case we accept any non-newline white-space
          case " ":
            return simple(/[^\S\n\r]/);
          default:
            return literal(t);
        }
      };
      const unit = unitate(token) || {
        invalidReason: MISSING_FTP
      };
      unit.token = token;
      return unit;
    }
    var partTypeStyleToTokenVal = {
      year: {
        "2-digit": "yy",
        numeric: "yyyyy"
      },
      month: {
        numeric: "M",
        "2-digit": "MM",
        short: "MMM",
        long: "MMMM"
      },
      day: {
        numeric: "d",
        "2-digit": "dd"
      },
      weekday: {
        short: "EEE",
        long: "EEEE"
      },
      dayperiod: "a",
      dayPeriod: "a",
      hour12: {
        numeric: "h",
        "2-digit": "hh"
      },
      hour24: {
        numeric: "H",
        "2-digit": "HH"
      },
      minute: {
        numeric: "m",
        "2-digit": "mm"
      },
      second: {
        numeric: "s",
        "2-digit": "ss"
      },
      timeZoneName: {
        long: "ZZZZZ",
        short: "ZZZ"
      }
    };
    function tokenForPart(part, formatOpts, resolvedOpts) {
      const {
        type,
        value
      } = part;
      if (type === "literal") {
        const isSpace = /^\s+$/.test(value);
        return {
          literal: !isSpace,
          val: isSpace ? " " : value
        };
      }
      const style = formatOpts[type];
      let actualType = type;
      if (type === "hour") {
        if (formatOpts.hour12 != null) {
          actualType = formatOpts.hour12 ? "hour12" : "hour24";
        } else if (formatOpts.hourCycle != null) {
          if (formatOpts.hourCycle === "h11" || formatOpts.hourCycle === "h12") {
            actualType = "hour12";
          } else {
            actualType = "hour24";
          }
        } else {
          actualType = resolvedOpts.hour12 ? "hour12" : "hour24";
        }
      }
      let val = partTypeStyleToTokenVal[actualType];
      if (typeof val === "object") {
        val = val[style];
      }
      if (val) {
        return {
          literal: false,
          val
        };
      }
      return void 0;
    }
    function buildRegex(units) {
      const re = units.map((u) => u.regex).reduce((f, r) => `${f}(${r.source})`, "");
      return [`^${re}$`, units];
    }
    function match(input, regex, handlers) {
      const matches = input.match(regex);
      if (matches) {
        const all = {};
        let matchIndex = 1;
        for (const i in handlers) {
          if (hasOwnProperty(handlers, i)) {
            const h = handlers[i], groups = h.groups ? h.groups + 1 : 1;
            if (!h.literal && h.token) {
              all[h.token.val[0]] = h.deser(matches.slice(matchIndex, matchIndex + groups));
            }
            matchIndex += groups;
          }
        }
        return [matches, all];
      } else {
        return [matches, {}];
      }
    }
    function dateTimeFromMatches(matches) {
      const toField = (token) => {
        switch (token) {
          case "S":
            return "millisecond";
          case "s":
            return "second";
          case "m":
            return "minute";
          case "h":
          case "H":
            return "hour";
          case "d":
            return "day";
          case "o":
            return "ordinal";
          case "L":
          case "M":
            return "month";
          case "y":
            return "year";
          case "E":
          case "c":
            return "weekday";
          case "W":
            return "weekNumber";
          case "k":
            return "weekYear";
          case "q":
            return "quarter";
          default:
            return null;
        }
      };
      let zone = null;
      let specificOffset;
      if (!isUndefined(matches.z)) {
        zone = IANAZone.create(matches.z);
      }
      if (!isUndefined(matches.Z)) {
        if (!zone) {
          zone = new FixedOffsetZone(matches.Z);
        }
        specificOffset = matches.Z;
      }
      if (!isUndefined(matches.q)) {
        matches.M = (matches.q - 1) * 3 + 1;
      }
      if (!isUndefined(matches.h)) {
        if (matches.h < 12 && matches.a === 1) {
          matches.h += 12;
        } else if (matches.h === 12 && matches.a === 0) {
          matches.h = 0;
        }
      }
      if (matches.G === 0 && matches.y) {
        matches.y = -matches.y;
      }
      if (!isUndefined(matches.u)) {
        matches.S = parseMillis(matches.u);
      }
      const vals = Object.keys(matches).reduce((r, k) => {
        const f = toField(k);
        if (f) {
          r[f] = matches[k];
        }
        return r;
      }, {});
      return [vals, zone, specificOffset];
    }
    var dummyDateTimeCache = null;
    function getDummyDateTime() {
      if (!dummyDateTimeCache) {
        dummyDateTimeCache = DateTime.fromMillis(1555555555555);
      }
      return dummyDateTimeCache;
    }
    function maybeExpandMacroToken(token, locale) {
      if (token.literal) {
        return token;
      }
      const formatOpts = Formatter.macroTokenToFormatOpts(token.val);
      const tokens = formatOptsToTokens(formatOpts, locale);
      if (tokens == null || tokens.includes(void 0)) {
        return token;
      }
      return tokens;
    }
    function expandMacroTokens(tokens, locale) {
      return Array.prototype.concat(...tokens.map((t) => maybeExpandMacroToken(t, locale)));
    }
    var TokenParser = class {
      constructor(locale, format) {
        this.locale = locale;
        this.format = format;
        this.tokens = expandMacroTokens(Formatter.parseFormat(format), locale);
        this.units = this.tokens.map((t) => unitForToken(t, locale));
        this.disqualifyingUnit = this.units.find((t) => t.invalidReason);
        if (!this.disqualifyingUnit) {
          const [regexString, handlers] = buildRegex(this.units);
          this.regex = RegExp(regexString, "i");
          this.handlers = handlers;
        }
      }
      explainFromTokens(input) {
        if (!this.isValid) {
          return {
            input,
            tokens: this.tokens,
            invalidReason: this.invalidReason
          };
        } else {
          const [rawMatches, matches] = match(input, this.regex, this.handlers), [result2, zone, specificOffset] = matches ? dateTimeFromMatches(matches) : [null, null, void 0];
          if (hasOwnProperty(matches, "a") && hasOwnProperty(matches, "H")) {
            throw new ConflictingSpecificationError("Can't include meridiem when specifying 24-hour format");
          }
          return {
            input,
            tokens: this.tokens,
            regex: this.regex,
            rawMatches,
            matches,
            result: result2,
            zone,
            specificOffset
          };
        }
      }
      get isValid() {
        return !this.disqualifyingUnit;
      }
      get invalidReason() {
        return this.disqualifyingUnit ? this.disqualifyingUnit.invalidReason : null;
      }
    };
    function explainFromTokens(locale, input, format) {
      const parser = new TokenParser(locale, format);
      return parser.explainFromTokens(input);
    }
    function parseFromTokens(locale, input, format) {
      const {
        result: result2,
        zone,
        specificOffset,
        invalidReason
      } = explainFromTokens(locale, input, format);
      return [result2, zone, specificOffset, invalidReason];
    }
    function formatOptsToTokens(formatOpts, locale) {
      if (!formatOpts) {
        return null;
      }
      const formatter = Formatter.create(locale, formatOpts);
      const df = formatter.dtFormatter(getDummyDateTime());
      const parts = df.formatToParts();
      const resolvedOpts = df.resolvedOptions();
      return parts.map((p) => tokenForPart(p, formatOpts, resolvedOpts));
    }
    var INVALID = "Invalid DateTime";
    var MAX_DATE = 864e13;
    function unsupportedZone(zone) {
      return new Invalid("unsupported zone", `the zone "${zone.name}" is not supported`);
    }
    function possiblyCachedWeekData(dt) {
      if (dt.weekData === null) {
        dt.weekData = gregorianToWeek(dt.c);
      }
      return dt.weekData;
    }
    function possiblyCachedLocalWeekData(dt) {
      if (dt.localWeekData === null) {
        dt.localWeekData = gregorianToWeek(dt.c, dt.loc.getMinDaysInFirstWeek(), dt.loc.getStartOfWeek());
      }
      return dt.localWeekData;
    }
    function clone(inst, alts) {
      const current = {
        ts: inst.ts,
        zone: inst.zone,
        c: inst.c,
        o: inst.o,
        loc: inst.loc,
        invalid: inst.invalid
      };
      return new DateTime({
        ...current,
        ...alts,
        old: current
      });
    }
    function fixOffset(localTS, o, tz) {
      let utcGuess = localTS - o * 60 * 1e3;
      const o2 = tz.offset(utcGuess);
      if (o === o2) {
        return [utcGuess, o];
      }
      utcGuess -= (o2 - o) * 60 * 1e3;
      const o3 = tz.offset(utcGuess);
      if (o2 === o3) {
        return [utcGuess, o2];
      }
      return [localTS - Math.min(o2, o3) * 60 * 1e3, Math.max(o2, o3)];
    }
    function tsToObj(ts, offset2) {
      ts += offset2 * 60 * 1e3;
      const d = new Date(ts);
      return {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hour: d.getUTCHours(),
        minute: d.getUTCMinutes(),
        second: d.getUTCSeconds(),
        millisecond: d.getUTCMilliseconds()
      };
    }
    function objToTS(obj, offset2, zone) {
      return fixOffset(objToLocalTS(obj), offset2, zone);
    }
    function adjustTime(inst, dur) {
      const oPre = inst.o, year = inst.c.year + Math.trunc(dur.years), month = inst.c.month + Math.trunc(dur.months) + Math.trunc(dur.quarters) * 3, c = {
        ...inst.c,
        year,
        month,
        day: Math.min(inst.c.day, daysInMonth(year, month)) + Math.trunc(dur.days) + Math.trunc(dur.weeks) * 7
      }, millisToAdd = Duration.fromObject({
        years: dur.years - Math.trunc(dur.years),
        quarters: dur.quarters - Math.trunc(dur.quarters),
        months: dur.months - Math.trunc(dur.months),
        weeks: dur.weeks - Math.trunc(dur.weeks),
        days: dur.days - Math.trunc(dur.days),
        hours: dur.hours,
        minutes: dur.minutes,
        seconds: dur.seconds,
        milliseconds: dur.milliseconds
      }).as("milliseconds"), localTS = objToLocalTS(c);
      let [ts, o] = fixOffset(localTS, oPre, inst.zone);
      if (millisToAdd !== 0) {
        ts += millisToAdd;
        o = inst.zone.offset(ts);
      }
      return {
        ts,
        o
      };
    }
    function parseDataToDateTime(parsed, parsedZone, opts, format, text, specificOffset) {
      const {
        setZone,
        zone
      } = opts;
      if (parsed && Object.keys(parsed).length !== 0 || parsedZone) {
        const interpretationZone = parsedZone || zone, inst = DateTime.fromObject(parsed, {
          ...opts,
          zone: interpretationZone,
          specificOffset
        });
        return setZone ? inst : inst.setZone(zone);
      } else {
        return DateTime.invalid(new Invalid("unparsable", `the input "${text}" can't be parsed as ${format}`));
      }
    }
    function toTechFormat(dt, format, allowZ = true) {
      return dt.isValid ? Formatter.create(Locale.create("en-US"), {
        allowZ,
        forceSimple: true
      }).formatDateTimeFromString(dt, format) : null;
    }
    function toISODate(o, extended, precision) {
      const longFormat = o.c.year > 9999 || o.c.year < 0;
      let c = "";
      if (longFormat && o.c.year >= 0) c += "+";
      c += padStart(o.c.year, longFormat ? 6 : 4);
      if (precision === "year") return c;
      if (extended) {
        c += "-";
        c += padStart(o.c.month);
        if (precision === "month") return c;
        c += "-";
      } else {
        c += padStart(o.c.month);
        if (precision === "month") return c;
      }
      c += padStart(o.c.day);
      return c;
    }
    function toISOTime(o, extended, suppressSeconds, suppressMilliseconds, includeOffset, extendedZone, precision) {
      let showSeconds = !suppressSeconds || o.c.millisecond !== 0 || o.c.second !== 0, c = "";
      switch (precision) {
        case "day":
        case "month":
        case "year":
          break;
        default:
          c += padStart(o.c.hour);
          if (precision === "hour") break;
          if (extended) {
            c += ":";
            c += padStart(o.c.minute);
            if (precision === "minute") break;
            if (showSeconds) {
              c += ":";
              c += padStart(o.c.second);
            }
          } else {
            c += padStart(o.c.minute);
            if (precision === "minute") break;
            if (showSeconds) {
              c += padStart(o.c.second);
            }
          }
          if (precision === "second") break;
          if (showSeconds && (!suppressMilliseconds || o.c.millisecond !== 0)) {
            c += ".";
            c += padStart(o.c.millisecond, 3);
          }
      }
      if (includeOffset) {
        if (o.isOffsetFixed && o.offset === 0 && !extendedZone) {
          c += "Z";
        } else if (o.o < 0) {
          c += "-";
          c += padStart(Math.trunc(-o.o / 60));
          c += ":";
          c += padStart(Math.trunc(-o.o % 60));
        } else {
          c += "+";
          c += padStart(Math.trunc(o.o / 60));
          c += ":";
          c += padStart(Math.trunc(o.o % 60));
        }
      }
      if (extendedZone) {
        c += "[" + o.zone.ianaName + "]";
      }
      return c;
    }
    var defaultUnitValues = {
      month: 1,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
      millisecond: 0
    };
    var defaultWeekUnitValues = {
      weekNumber: 1,
      weekday: 1,
      hour: 0,
      minute: 0,
      second: 0,
      millisecond: 0
    };
    var defaultOrdinalUnitValues = {
      ordinal: 1,
      hour: 0,
      minute: 0,
      second: 0,
      millisecond: 0
    };
    var orderedUnits = ["year", "month", "day", "hour", "minute", "second", "millisecond"];
    var orderedWeekUnits = ["weekYear", "weekNumber", "weekday", "hour", "minute", "second", "millisecond"];
    var orderedOrdinalUnits = ["year", "ordinal", "hour", "minute", "second", "millisecond"];
    function normalizeUnit(unit) {
      const normalized = {
        year: "year",
        years: "year",
        month: "month",
        months: "month",
        day: "day",
        days: "day",
        hour: "hour",
        hours: "hour",
        minute: "minute",
        minutes: "minute",
        quarter: "quarter",
        quarters: "quarter",
        second: "second",
        seconds: "second",
        millisecond: "millisecond",
        milliseconds: "millisecond",
        weekday: "weekday",
        weekdays: "weekday",
        weeknumber: "weekNumber",
        weeksnumber: "weekNumber",
        weeknumbers: "weekNumber",
        weekyear: "weekYear",
        weekyears: "weekYear",
        ordinal: "ordinal"
      }[unit.toLowerCase()];
      if (!normalized) throw new InvalidUnitError(unit);
      return normalized;
    }
    function normalizeUnitWithLocalWeeks(unit) {
      switch (unit.toLowerCase()) {
        case "localweekday":
        case "localweekdays":
          return "localWeekday";
        case "localweeknumber":
        case "localweeknumbers":
          return "localWeekNumber";
        case "localweekyear":
        case "localweekyears":
          return "localWeekYear";
        default:
          return normalizeUnit(unit);
      }
    }
    function guessOffsetForZone(zone) {
      if (zoneOffsetTs === void 0) {
        zoneOffsetTs = Settings.now();
      }
      if (zone.type !== "iana") {
        return zone.offset(zoneOffsetTs);
      }
      const zoneName = zone.name;
      let offsetGuess = zoneOffsetGuessCache.get(zoneName);
      if (offsetGuess === void 0) {
        offsetGuess = zone.offset(zoneOffsetTs);
        zoneOffsetGuessCache.set(zoneName, offsetGuess);
      }
      return offsetGuess;
    }
    function quickDT(obj, opts) {
      const zone = normalizeZone(opts.zone, Settings.defaultZone);
      if (!zone.isValid) {
        return DateTime.invalid(unsupportedZone(zone));
      }
      const loc = Locale.fromObject(opts);
      let ts, o;
      if (!isUndefined(obj.year)) {
        for (const u of orderedUnits) {
          if (isUndefined(obj[u])) {
            obj[u] = defaultUnitValues[u];
          }
        }
        const invalid = hasInvalidGregorianData(obj) || hasInvalidTimeData(obj);
        if (invalid) {
          return DateTime.invalid(invalid);
        }
        const offsetProvis = guessOffsetForZone(zone);
        [ts, o] = objToTS(obj, offsetProvis, zone);
      } else {
        ts = Settings.now();
      }
      return new DateTime({
        ts,
        zone,
        loc,
        o
      });
    }
    function diffRelative(start, end, opts) {
      const round = isUndefined(opts.round) ? true : opts.round, rounding = isUndefined(opts.rounding) ? "trunc" : opts.rounding, format = (c, unit) => {
        c = roundTo(c, round || opts.calendary ? 0 : 2, opts.calendary ? "round" : rounding);
        const formatter = end.loc.clone(opts).relFormatter(opts);
        return formatter.format(c, unit);
      }, differ = (unit) => {
        if (opts.calendary) {
          if (!end.hasSame(start, unit)) {
            return end.startOf(unit).diff(start.startOf(unit), unit).get(unit);
          } else return 0;
        } else {
          return end.diff(start, unit).get(unit);
        }
      };
      if (opts.unit) {
        return format(differ(opts.unit), opts.unit);
      }
      for (const unit of opts.units) {
        const count = differ(unit);
        if (Math.abs(count) >= 1) {
          return format(count, unit);
        }
      }
      return format(start > end ? -0 : 0, opts.units[opts.units.length - 1]);
    }
    function lastOpts(argList) {
      let opts = {}, args;
      if (argList.length > 0 && typeof argList[argList.length - 1] === "object") {
        opts = argList[argList.length - 1];
        args = Array.from(argList).slice(0, argList.length - 1);
      } else {
        args = Array.from(argList);
      }
      return [opts, args];
    }
    var zoneOffsetTs;
    var zoneOffsetGuessCache = /* @__PURE__ */ new Map();
    var DateTime = class _DateTime {
      /**
       * @access private
       */
      constructor(config) {
        const zone = config.zone || Settings.defaultZone;
        let invalid = config.invalid || (Number.isNaN(config.ts) ? new Invalid("invalid input") : null) || (!zone.isValid ? unsupportedZone(zone) : null);
        this.ts = isUndefined(config.ts) ? Settings.now() : config.ts;
        let c = null, o = null;
        if (!invalid) {
          const unchanged = config.old && config.old.ts === this.ts && config.old.zone.equals(zone);
          if (unchanged) {
            [c, o] = [config.old.c, config.old.o];
          } else {
            const ot = isNumber(config.o) && !config.old ? config.o : zone.offset(this.ts);
            c = tsToObj(this.ts, ot);
            invalid = Number.isNaN(c.year) ? new Invalid("invalid input") : null;
            c = invalid ? null : c;
            o = invalid ? null : ot;
          }
        }
        this._zone = zone;
        this.loc = config.loc || Locale.create();
        this.invalid = invalid;
        this.weekData = null;
        this.localWeekData = null;
        this.c = c;
        this.o = o;
        this.isLuxonDateTime = true;
      }
      // CONSTRUCT
      /**
       * Create a DateTime for the current instant, in the system's time zone.
       *
       * Use Settings to override these default values if needed.
       * @example DateTime.now().toISO() //~> now in the ISO format
       * @return {DateTime}
       */
      static now() {
        return new _DateTime({});
      }
      /**
       * Create a local DateTime
       * @param {number} [year] - The calendar year. If omitted (as in, call `local()` with no arguments), the current time will be used
       * @param {number} [month=1] - The month, 1-indexed
       * @param {number} [day=1] - The day of the month, 1-indexed
       * @param {number} [hour=0] - The hour of the day, in 24-hour time
       * @param {number} [minute=0] - The minute of the hour, meaning a number between 0 and 59
       * @param {number} [second=0] - The second of the minute, meaning a number between 0 and 59
       * @param {number} [millisecond=0] - The millisecond of the second, meaning a number between 0 and 999
       * @example DateTime.local()                                  //~> now
       * @example DateTime.local({ zone: "America/New_York" })      //~> now, in US east coast time
       * @example DateTime.local(2017)                              //~> 2017-01-01T00:00:00
       * @example DateTime.local(2017, 3)                           //~> 2017-03-01T00:00:00
       * @example DateTime.local(2017, 3, 12, { locale: "fr" })     //~> 2017-03-12T00:00:00, with a French locale
       * @example DateTime.local(2017, 3, 12, 5)                    //~> 2017-03-12T05:00:00
       * @example DateTime.local(2017, 3, 12, 5, { zone: "utc" })   //~> 2017-03-12T05:00:00, in UTC
       * @example DateTime.local(2017, 3, 12, 5, 45)                //~> 2017-03-12T05:45:00
       * @example DateTime.local(2017, 3, 12, 5, 45, 10)            //~> 2017-03-12T05:45:10
       * @example DateTime.local(2017, 3, 12, 5, 45, 10, 765)       //~> 2017-03-12T05:45:10.765
       * @return {DateTime}
       */
      static local() {
        const [opts, args] = lastOpts(arguments), [year, month, day, hour, minute, second, millisecond] = args;
        return quickDT({
          year,
          month,
          day,
          hour,
          minute,
          second,
          millisecond
        }, opts);
      }
      /**
       * Create a DateTime in UTC
       * @param {number} [year] - The calendar year. If omitted (as in, call `utc()` with no arguments), the current time will be used
       * @param {number} [month=1] - The month, 1-indexed
       * @param {number} [day=1] - The day of the month
       * @param {number} [hour=0] - The hour of the day, in 24-hour time
       * @param {number} [minute=0] - The minute of the hour, meaning a number between 0 and 59
       * @param {number} [second=0] - The second of the minute, meaning a number between 0 and 59
       * @param {number} [millisecond=0] - The millisecond of the second, meaning a number between 0 and 999
       * @param {Object} options - configuration options for the DateTime
       * @param {string} [options.locale] - a locale to set on the resulting DateTime instance
       * @param {string} [options.outputCalendar] - the output calendar to set on the resulting DateTime instance
       * @param {string} [options.numberingSystem] - the numbering system to set on the resulting DateTime instance
       * @param {string} [options.weekSettings] - the week settings to set on the resulting DateTime instance
       * @example DateTime.utc()                                              //~> now
       * @example DateTime.utc(2017)                                          //~> 2017-01-01T00:00:00Z
       * @example DateTime.utc(2017, 3)                                       //~> 2017-03-01T00:00:00Z
       * @example DateTime.utc(2017, 3, 12)                                   //~> 2017-03-12T00:00:00Z
       * @example DateTime.utc(2017, 3, 12, 5)                                //~> 2017-03-12T05:00:00Z
       * @example DateTime.utc(2017, 3, 12, 5, 45)                            //~> 2017-03-12T05:45:00Z
       * @example DateTime.utc(2017, 3, 12, 5, 45, { locale: "fr" })          //~> 2017-03-12T05:45:00Z with a French locale
       * @example DateTime.utc(2017, 3, 12, 5, 45, 10)                        //~> 2017-03-12T05:45:10Z
       * @example DateTime.utc(2017, 3, 12, 5, 45, 10, 765, { locale: "fr" }) //~> 2017-03-12T05:45:10.765Z with a French locale
       * @return {DateTime}
       */
      static utc() {
        const [opts, args] = lastOpts(arguments), [year, month, day, hour, minute, second, millisecond] = args;
        opts.zone = FixedOffsetZone.utcInstance;
        return quickDT({
          year,
          month,
          day,
          hour,
          minute,
          second,
          millisecond
        }, opts);
      }
      /**
       * Create a DateTime from a JavaScript Date object. Uses the default zone.
       * @param {Date} date - a JavaScript Date object
       * @param {Object} options - configuration options for the DateTime
       * @param {string|Zone} [options.zone='local'] - the zone to place the DateTime into
       * @return {DateTime}
       */
      static fromJSDate(date, options = {}) {
        const ts = isDate(date) ? date.valueOf() : NaN;
        if (Number.isNaN(ts)) {
          return _DateTime.invalid("invalid input");
        }
        const zoneToUse = normalizeZone(options.zone, Settings.defaultZone);
        if (!zoneToUse.isValid) {
          return _DateTime.invalid(unsupportedZone(zoneToUse));
        }
        return new _DateTime({
          ts,
          zone: zoneToUse,
          loc: Locale.fromObject(options)
        });
      }
      /**
       * Create a DateTime from a number of milliseconds since the epoch (meaning since 1 January 1970 00:00:00 UTC). Uses the default zone.
       * @param {number} milliseconds - a number of milliseconds since 1970 UTC
       * @param {Object} options - configuration options for the DateTime
       * @param {string|Zone} [options.zone='local'] - the zone to place the DateTime into
       * @param {string} [options.locale] - a locale to set on the resulting DateTime instance
       * @param {string} options.outputCalendar - the output calendar to set on the resulting DateTime instance
       * @param {string} options.numberingSystem - the numbering system to set on the resulting DateTime instance
       * @param {string} options.weekSettings - the week settings to set on the resulting DateTime instance
       * @return {DateTime}
       */
      static fromMillis(milliseconds, options = {}) {
        if (!isNumber(milliseconds)) {
          throw new InvalidArgumentError(`fromMillis requires a numerical input, but received a ${typeof milliseconds} with value ${milliseconds}`);
        } else if (milliseconds < -MAX_DATE || milliseconds > MAX_DATE) {
          return _DateTime.invalid("Timestamp out of range");
        } else {
          return new _DateTime({
            ts: milliseconds,
            zone: normalizeZone(options.zone, Settings.defaultZone),
            loc: Locale.fromObject(options)
          });
        }
      }
      /**
       * Create a DateTime from a number of seconds since the epoch (meaning since 1 January 1970 00:00:00 UTC). Uses the default zone.
       * @param {number} seconds - a number of seconds since 1970 UTC
       * @param {Object} options - configuration options for the DateTime
       * @param {string|Zone} [options.zone='local'] - the zone to place the DateTime into
       * @param {string} [options.locale] - a locale to set on the resulting DateTime instance
       * @param {string} options.outputCalendar - the output calendar to set on the resulting DateTime instance
       * @param {string} options.numberingSystem - the numbering system to set on the resulting DateTime instance
       * @param {string} options.weekSettings - the week settings to set on the resulting DateTime instance
       * @return {DateTime}
       */
      static fromSeconds(seconds, options = {}) {
        if (!isNumber(seconds)) {
          throw new InvalidArgumentError("fromSeconds requires a numerical input");
        } else {
          return new _DateTime({
            ts: seconds * 1e3,
            zone: normalizeZone(options.zone, Settings.defaultZone),
            loc: Locale.fromObject(options)
          });
        }
      }
      /**
       * Create a DateTime from a JavaScript object with keys like 'year' and 'hour' with reasonable defaults.
       * @param {Object} obj - the object to create the DateTime from
       * @param {number} obj.year - a year, such as 1987
       * @param {number} obj.month - a month, 1-12
       * @param {number} obj.day - a day of the month, 1-31, depending on the month
       * @param {number} obj.ordinal - day of the year, 1-365 or 366
       * @param {number} obj.weekYear - an ISO week year
       * @param {number} obj.weekNumber - an ISO week number, between 1 and 52 or 53, depending on the year
       * @param {number} obj.weekday - an ISO weekday, 1-7, where 1 is Monday and 7 is Sunday
       * @param {number} obj.localWeekYear - a week year, according to the locale
       * @param {number} obj.localWeekNumber - a week number, between 1 and 52 or 53, depending on the year, according to the locale
       * @param {number} obj.localWeekday - a weekday, 1-7, where 1 is the first and 7 is the last day of the week, according to the locale
       * @param {number} obj.hour - hour of the day, 0-23
       * @param {number} obj.minute - minute of the hour, 0-59
       * @param {number} obj.second - second of the minute, 0-59
       * @param {number} obj.millisecond - millisecond of the second, 0-999
       * @param {Object} opts - options for creating this DateTime
       * @param {string|Zone} [opts.zone='local'] - interpret the numbers in the context of a particular zone. Can take any value taken as the first argument to setZone()
       * @param {string} [opts.locale='system\'s locale'] - a locale to set on the resulting DateTime instance
       * @param {string} opts.outputCalendar - the output calendar to set on the resulting DateTime instance
       * @param {string} opts.numberingSystem - the numbering system to set on the resulting DateTime instance
       * @param {string} opts.weekSettings - the week settings to set on the resulting DateTime instance
       * @example DateTime.fromObject({ year: 1982, month: 5, day: 25}).toISODate() //=> '1982-05-25'
       * @example DateTime.fromObject({ year: 1982 }).toISODate() //=> '1982-01-01'
       * @example DateTime.fromObject({ hour: 10, minute: 26, second: 6 }) //~> today at 10:26:06
       * @example DateTime.fromObject({ hour: 10, minute: 26, second: 6 }, { zone: 'utc' }),
       * @example DateTime.fromObject({ hour: 10, minute: 26, second: 6 }, { zone: 'local' })
       * @example DateTime.fromObject({ hour: 10, minute: 26, second: 6 }, { zone: 'America/New_York' })
       * @example DateTime.fromObject({ weekYear: 2016, weekNumber: 2, weekday: 3 }).toISODate() //=> '2016-01-13'
       * @example DateTime.fromObject({ localWeekYear: 2022, localWeekNumber: 1, localWeekday: 1 }, { locale: "en-US" }).toISODate() //=> '2021-12-26'
       * @return {DateTime}
       */
      static fromObject(obj, opts = {}) {
        obj = obj || {};
        const zoneToUse = normalizeZone(opts.zone, Settings.defaultZone);
        if (!zoneToUse.isValid) {
          return _DateTime.invalid(unsupportedZone(zoneToUse));
        }
        const loc = Locale.fromObject(opts);
        const normalized = normalizeObject(obj, normalizeUnitWithLocalWeeks);
        const {
          minDaysInFirstWeek,
          startOfWeek
        } = usesLocalWeekValues(normalized, loc);
        const tsNow = Settings.now(), offsetProvis = !isUndefined(opts.specificOffset) ? opts.specificOffset : zoneToUse.offset(tsNow), containsOrdinal = !isUndefined(normalized.ordinal), containsGregorYear = !isUndefined(normalized.year), containsGregorMD = !isUndefined(normalized.month) || !isUndefined(normalized.day), containsGregor = containsGregorYear || containsGregorMD, definiteWeekDef = normalized.weekYear || normalized.weekNumber;
        if ((containsGregor || containsOrdinal) && definiteWeekDef) {
          throw new ConflictingSpecificationError("Can't mix weekYear/weekNumber units with year/month/day or ordinals");
        }
        if (containsGregorMD && containsOrdinal) {
          throw new ConflictingSpecificationError("Can't mix ordinal dates with month/day");
        }
        const useWeekData = definiteWeekDef || normalized.weekday && !containsGregor;
        let units, defaultValues, objNow = tsToObj(tsNow, offsetProvis);
        if (useWeekData) {
          units = orderedWeekUnits;
          defaultValues = defaultWeekUnitValues;
          objNow = gregorianToWeek(objNow, minDaysInFirstWeek, startOfWeek);
        } else if (containsOrdinal) {
          units = orderedOrdinalUnits;
          defaultValues = defaultOrdinalUnitValues;
          objNow = gregorianToOrdinal(objNow);
        } else {
          units = orderedUnits;
          defaultValues = defaultUnitValues;
        }
        let foundFirst = false;
        for (const u of units) {
          const v = normalized[u];
          if (!isUndefined(v)) {
            foundFirst = true;
          } else if (foundFirst) {
            normalized[u] = defaultValues[u];
          } else {
            normalized[u] = objNow[u];
          }
        }
        const higherOrderInvalid = useWeekData ? hasInvalidWeekData(normalized, minDaysInFirstWeek, startOfWeek) : containsOrdinal ? hasInvalidOrdinalData(normalized) : hasInvalidGregorianData(normalized), invalid = higherOrderInvalid || hasInvalidTimeData(normalized);
        if (invalid) {
          return _DateTime.invalid(invalid);
        }
        const gregorian = useWeekData ? weekToGregorian(normalized, minDaysInFirstWeek, startOfWeek) : containsOrdinal ? ordinalToGregorian(normalized) : normalized, [tsFinal, offsetFinal] = objToTS(gregorian, offsetProvis, zoneToUse), inst = new _DateTime({
          ts: tsFinal,
          zone: zoneToUse,
          o: offsetFinal,
          loc
        });
        if (normalized.weekday && containsGregor && obj.weekday !== inst.weekday) {
          return _DateTime.invalid("mismatched weekday", `you can't specify both a weekday of ${normalized.weekday} and a date of ${inst.toISO()}`);
        }
        if (!inst.isValid) {
          return _DateTime.invalid(inst.invalid);
        }
        return inst;
      }
      /**
       * Create a DateTime from an ISO 8601 string
       * @param {string} text - the ISO string
       * @param {Object} opts - options to affect the creation
       * @param {string|Zone} [opts.zone='local'] - use this zone if no offset is specified in the input string itself. Will also convert the time to this zone
       * @param {boolean} [opts.setZone=false] - override the zone with a fixed-offset zone specified in the string itself, if it specifies one
       * @param {string} [opts.locale='system's locale'] - a locale to set on the resulting DateTime instance
       * @param {string} [opts.outputCalendar] - the output calendar to set on the resulting DateTime instance
       * @param {string} [opts.numberingSystem] - the numbering system to set on the resulting DateTime instance
       * @param {string} [opts.weekSettings] - the week settings to set on the resulting DateTime instance
       * @example DateTime.fromISO('2016-05-25T09:08:34.123')
       * @example DateTime.fromISO('2016-05-25T09:08:34.123+06:00')
       * @example DateTime.fromISO('2016-05-25T09:08:34.123+06:00', {setZone: true})
       * @example DateTime.fromISO('2016-05-25T09:08:34.123', {zone: 'utc'})
       * @example DateTime.fromISO('2016-W05-4')
       * @return {DateTime}
       */
      static fromISO(text, opts = {}) {
        const [vals, parsedZone] = parseISODate(text);
        return parseDataToDateTime(vals, parsedZone, opts, "ISO 8601", text);
      }
      /**
       * Create a DateTime from an RFC 2822 string
       * @param {string} text - the RFC 2822 string
       * @param {Object} opts - options to affect the creation
       * @param {string|Zone} [opts.zone='local'] - convert the time to this zone. Since the offset is always specified in the string itself, this has no effect on the interpretation of string, merely the zone the resulting DateTime is expressed in.
       * @param {boolean} [opts.setZone=false] - override the zone with a fixed-offset zone specified in the string itself, if it specifies one
       * @param {string} [opts.locale='system's locale'] - a locale to set on the resulting DateTime instance
       * @param {string} opts.outputCalendar - the output calendar to set on the resulting DateTime instance
       * @param {string} opts.numberingSystem - the numbering system to set on the resulting DateTime instance
       * @param {string} opts.weekSettings - the week settings to set on the resulting DateTime instance
       * @example DateTime.fromRFC2822('25 Nov 2016 13:23:12 GMT')
       * @example DateTime.fromRFC2822('Fri, 25 Nov 2016 13:23:12 +0600')
       * @example DateTime.fromRFC2822('25 Nov 2016 13:23 Z')
       * @return {DateTime}
       */
      static fromRFC2822(text, opts = {}) {
        const [vals, parsedZone] = parseRFC2822Date(text);
        return parseDataToDateTime(vals, parsedZone, opts, "RFC 2822", text);
      }
      /**
       * Create a DateTime from an HTTP header date
       * @see https://www.w3.org/Protocols/rfc2616/rfc2616-sec3.html#sec3.3.1
       * @param {string} text - the HTTP header date
       * @param {Object} opts - options to affect the creation
       * @param {string|Zone} [opts.zone='local'] - convert the time to this zone. Since HTTP dates are always in UTC, this has no effect on the interpretation of string, merely the zone the resulting DateTime is expressed in.
       * @param {boolean} [opts.setZone=false] - override the zone with the fixed-offset zone specified in the string. For HTTP dates, this is always UTC, so this option is equivalent to setting the `zone` option to 'utc', but this option is included for consistency with similar methods.
       * @param {string} [opts.locale='system's locale'] - a locale to set on the resulting DateTime instance
       * @param {string} opts.outputCalendar - the output calendar to set on the resulting DateTime instance
       * @param {string} opts.numberingSystem - the numbering system to set on the resulting DateTime instance
       * @param {string} opts.weekSettings - the week settings to set on the resulting DateTime instance
       * @example DateTime.fromHTTP('Sun, 06 Nov 1994 08:49:37 GMT')
       * @example DateTime.fromHTTP('Sunday, 06-Nov-94 08:49:37 GMT')
       * @example DateTime.fromHTTP('Sun Nov  6 08:49:37 1994')
       * @return {DateTime}
       */
      static fromHTTP(text, opts = {}) {
        const [vals, parsedZone] = parseHTTPDate(text);
        return parseDataToDateTime(vals, parsedZone, opts, "HTTP", opts);
      }
      /**
       * Create a DateTime from an input string and format string.
       * Defaults to en-US if no locale has been specified, regardless of the system's locale. For a table of tokens and their interpretations, see [here](https://moment.github.io/luxon/#/parsing?id=table-of-tokens).
       * @param {string} text - the string to parse
       * @param {string} fmt - the format the string is expected to be in (see the link below for the formats)
       * @param {Object} opts - options to affect the creation
       * @param {string|Zone} [opts.zone='local'] - use this zone if no offset is specified in the input string itself. Will also convert the DateTime to this zone
       * @param {boolean} [opts.setZone=false] - override the zone with a zone specified in the string itself, if it specifies one
       * @param {string} [opts.locale='en-US'] - a locale string to use when parsing. Will also set the DateTime to this locale
       * @param {string} opts.numberingSystem - the numbering system to use when parsing. Will also set the resulting DateTime to this numbering system
       * @param {string} opts.weekSettings - the week settings to set on the resulting DateTime instance
       * @param {string} opts.outputCalendar - the output calendar to set on the resulting DateTime instance
       * @return {DateTime}
       */
      static fromFormat(text, fmt, opts = {}) {
        if (isUndefined(text) || isUndefined(fmt)) {
          throw new InvalidArgumentError("fromFormat requires an input string and a format");
        }
        const {
          locale = null,
          numberingSystem = null
        } = opts, localeToUse = Locale.fromOpts({
          locale,
          numberingSystem,
          defaultToEN: true
        }), [vals, parsedZone, specificOffset, invalid] = parseFromTokens(localeToUse, text, fmt);
        if (invalid) {
          return _DateTime.invalid(invalid);
        } else {
          return parseDataToDateTime(vals, parsedZone, opts, `format ${fmt}`, text, specificOffset);
        }
      }
      /**
       * @deprecated use fromFormat instead
       */
      static fromString(text, fmt, opts = {}) {
        return _DateTime.fromFormat(text, fmt, opts);
      }
      /**
       * Create a DateTime from a SQL date, time, or datetime
       * Defaults to en-US if no locale has been specified, regardless of the system's locale
       * @param {string} text - the string to parse
       * @param {Object} opts - options to affect the creation
       * @param {string|Zone} [opts.zone='local'] - use this zone if no offset is specified in the input string itself. Will also convert the DateTime to this zone
       * @param {boolean} [opts.setZone=false] - override the zone with a zone specified in the string itself, if it specifies one
       * @param {string} [opts.locale='en-US'] - a locale string to use when parsing. Will also set the DateTime to this locale
       * @param {string} opts.numberingSystem - the numbering system to use when parsing. Will also set the resulting DateTime to this numbering system
       * @param {string} opts.weekSettings - the week settings to set on the resulting DateTime instance
       * @param {string} opts.outputCalendar - the output calendar to set on the resulting DateTime instance
       * @example DateTime.fromSQL('2017-05-15')
       * @example DateTime.fromSQL('2017-05-15 09:12:34')
       * @example DateTime.fromSQL('2017-05-15 09:12:34.342')
       * @example DateTime.fromSQL('2017-05-15 09:12:34.342+06:00')
       * @example DateTime.fromSQL('2017-05-15 09:12:34.342 America/Los_Angeles')
       * @example DateTime.fromSQL('2017-05-15 09:12:34.342 America/Los_Angeles', { setZone: true })
       * @example DateTime.fromSQL('2017-05-15 09:12:34.342', { zone: 'America/Los_Angeles' })
       * @example DateTime.fromSQL('09:12:34.342')
       * @return {DateTime}
       */
      static fromSQL(text, opts = {}) {
        const [vals, parsedZone] = parseSQL(text);
        return parseDataToDateTime(vals, parsedZone, opts, "SQL", text);
      }
      /**
       * Create an invalid DateTime.
       * @param {string} reason - simple string of why this DateTime is invalid. Should not contain parameters or anything else data-dependent.
       * @param {string} [explanation=null] - longer explanation, may include parameters and other useful debugging information
       * @return {DateTime}
       */
      static invalid(reason, explanation = null) {
        if (!reason) {
          throw new InvalidArgumentError("need to specify a reason the DateTime is invalid");
        }
        const invalid = reason instanceof Invalid ? reason : new Invalid(reason, explanation);
        if (Settings.throwOnInvalid) {
          throw new InvalidDateTimeError(invalid);
        } else {
          return new _DateTime({
            invalid
          });
        }
      }
      /**
       * Check if an object is an instance of DateTime. Works across context boundaries
       * @param {object} o
       * @return {boolean}
       */
      static isDateTime(o) {
        return o && o.isLuxonDateTime || false;
      }
      /**
       * Produce the format string for a set of options
       * @param formatOpts
       * @param localeOpts
       * @returns {string}
       */
      static parseFormatForOpts(formatOpts, localeOpts = {}) {
        const tokenList = formatOptsToTokens(formatOpts, Locale.fromObject(localeOpts));
        return !tokenList ? null : tokenList.map((t) => t ? t.val : null).join("");
      }
      /**
       * Produce the the fully expanded format token for the locale
       * Does NOT quote characters, so quoted tokens will not round trip correctly
       * @param fmt
       * @param localeOpts
       * @returns {string}
       */
      static expandFormat(fmt, localeOpts = {}) {
        const expanded = expandMacroTokens(Formatter.parseFormat(fmt), Locale.fromObject(localeOpts));
        return expanded.map((t) => t.val).join("");
      }
      static resetCache() {
        zoneOffsetTs = void 0;
        zoneOffsetGuessCache.clear();
      }
      // INFO
      /**
       * Get the value of unit.
       * @param {string} unit - a unit such as 'minute' or 'day'
       * @example DateTime.local(2017, 7, 4).get('month'); //=> 7
       * @example DateTime.local(2017, 7, 4).get('day'); //=> 4
       * @return {number}
       */
      get(unit) {
        return this[unit];
      }
      /**
       * Returns whether the DateTime is valid. Invalid DateTimes occur when:
       * * The DateTime was created from invalid calendar information, such as the 13th month or February 30
       * * The DateTime was created by an operation on another invalid date
       * @type {boolean}
       */
      get isValid() {
        return this.invalid === null;
      }
      /**
       * Returns an error code if this DateTime is invalid, or null if the DateTime is valid
       * @type {string}
       */
      get invalidReason() {
        return this.invalid ? this.invalid.reason : null;
      }
      /**
       * Returns an explanation of why this DateTime became invalid, or null if the DateTime is valid
       * @type {string}
       */
      get invalidExplanation() {
        return this.invalid ? this.invalid.explanation : null;
      }
      /**
       * Get the locale of a DateTime, such 'en-GB'. The locale is used when formatting the DateTime
       *
       * @type {string}
       */
      get locale() {
        return this.isValid ? this.loc.locale : null;
      }
      /**
       * Get the numbering system of a DateTime, such 'beng'. The numbering system is used when formatting the DateTime
       *
       * @type {string}
       */
      get numberingSystem() {
        return this.isValid ? this.loc.numberingSystem : null;
      }
      /**
       * Get the output calendar of a DateTime, such 'islamic'. The output calendar is used when formatting the DateTime
       *
       * @type {string}
       */
      get outputCalendar() {
        return this.isValid ? this.loc.outputCalendar : null;
      }
      /**
       * Get the time zone associated with this DateTime.
       * @type {Zone}
       */
      get zone() {
        return this._zone;
      }
      /**
       * Get the name of the time zone.
       * @type {string}
       */
      get zoneName() {
        return this.isValid ? this.zone.name : null;
      }
      /**
       * Get the year
       * @example DateTime.local(2017, 5, 25).year //=> 2017
       * @type {number}
       */
      get year() {
        return this.isValid ? this.c.year : NaN;
      }
      /**
       * Get the quarter
       * @example DateTime.local(2017, 5, 25).quarter //=> 2
       * @type {number}
       */
      get quarter() {
        return this.isValid ? Math.ceil(this.c.month / 3) : NaN;
      }
      /**
       * Get the month (1-12).
       * @example DateTime.local(2017, 5, 25).month //=> 5
       * @type {number}
       */
      get month() {
        return this.isValid ? this.c.month : NaN;
      }
      /**
       * Get the day of the month (1-30ish).
       * @example DateTime.local(2017, 5, 25).day //=> 25
       * @type {number}
       */
      get day() {
        return this.isValid ? this.c.day : NaN;
      }
      /**
       * Get the hour of the day (0-23).
       * @example DateTime.local(2017, 5, 25, 9).hour //=> 9
       * @type {number}
       */
      get hour() {
        return this.isValid ? this.c.hour : NaN;
      }
      /**
       * Get the minute of the hour (0-59).
       * @example DateTime.local(2017, 5, 25, 9, 30).minute //=> 30
       * @type {number}
       */
      get minute() {
        return this.isValid ? this.c.minute : NaN;
      }
      /**
       * Get the second of the minute (0-59).
       * @example DateTime.local(2017, 5, 25, 9, 30, 52).second //=> 52
       * @type {number}
       */
      get second() {
        return this.isValid ? this.c.second : NaN;
      }
      /**
       * Get the millisecond of the second (0-999).
       * @example DateTime.local(2017, 5, 25, 9, 30, 52, 654).millisecond //=> 654
       * @type {number}
       */
      get millisecond() {
        return this.isValid ? this.c.millisecond : NaN;
      }
      /**
       * Get the week year
       * @see https://en.wikipedia.org/wiki/ISO_week_date
       * @example DateTime.local(2014, 12, 31).weekYear //=> 2015
       * @type {number}
       */
      get weekYear() {
        return this.isValid ? possiblyCachedWeekData(this).weekYear : NaN;
      }
      /**
       * Get the week number of the week year (1-52ish).
       * @see https://en.wikipedia.org/wiki/ISO_week_date
       * @example DateTime.local(2017, 5, 25).weekNumber //=> 21
       * @type {number}
       */
      get weekNumber() {
        return this.isValid ? possiblyCachedWeekData(this).weekNumber : NaN;
      }
      /**
       * Get the day of the week.
       * 1 is Monday and 7 is Sunday
       * @see https://en.wikipedia.org/wiki/ISO_week_date
       * @example DateTime.local(2014, 11, 31).weekday //=> 4
       * @type {number}
       */
      get weekday() {
        return this.isValid ? possiblyCachedWeekData(this).weekday : NaN;
      }
      /**
       * Returns true if this date is on a weekend according to the locale, false otherwise
       * @returns {boolean}
       */
      get isWeekend() {
        return this.isValid && this.loc.getWeekendDays().includes(this.weekday);
      }
      /**
       * Get the day of the week according to the locale.
       * 1 is the first day of the week and 7 is the last day of the week.
       * If the locale assigns Sunday as the first day of the week, then a date which is a Sunday will return 1,
       * @returns {number}
       */
      get localWeekday() {
        return this.isValid ? possiblyCachedLocalWeekData(this).weekday : NaN;
      }
      /**
       * Get the week number of the week year according to the locale. Different locales assign week numbers differently,
       * because the week can start on different days of the week (see localWeekday) and because a different number of days
       * is required for a week to count as the first week of a year.
       * @returns {number}
       */
      get localWeekNumber() {
        return this.isValid ? possiblyCachedLocalWeekData(this).weekNumber : NaN;
      }
      /**
       * Get the week year according to the locale. Different locales assign week numbers (and therefor week years)
       * differently, see localWeekNumber.
       * @returns {number}
       */
      get localWeekYear() {
        return this.isValid ? possiblyCachedLocalWeekData(this).weekYear : NaN;
      }
      /**
       * Get the ordinal (meaning the day of the year)
       * @example DateTime.local(2017, 5, 25).ordinal //=> 145
       * @type {number|DateTime}
       */
      get ordinal() {
        return this.isValid ? gregorianToOrdinal(this.c).ordinal : NaN;
      }
      /**
       * Get the human readable short month name, such as 'Oct'.
       * Defaults to the system's locale if no locale has been specified
       * @example DateTime.local(2017, 10, 30).monthShort //=> Oct
       * @type {string}
       */
      get monthShort() {
        return this.isValid ? Info.months("short", {
          locObj: this.loc
        })[this.month - 1] : null;
      }
      /**
       * Get the human readable long month name, such as 'October'.
       * Defaults to the system's locale if no locale has been specified
       * @example DateTime.local(2017, 10, 30).monthLong //=> October
       * @type {string}
       */
      get monthLong() {
        return this.isValid ? Info.months("long", {
          locObj: this.loc
        })[this.month - 1] : null;
      }
      /**
       * Get the human readable short weekday, such as 'Mon'.
       * Defaults to the system's locale if no locale has been specified
       * @example DateTime.local(2017, 10, 30).weekdayShort //=> Mon
       * @type {string}
       */
      get weekdayShort() {
        return this.isValid ? Info.weekdays("short", {
          locObj: this.loc
        })[this.weekday - 1] : null;
      }
      /**
       * Get the human readable long weekday, such as 'Monday'.
       * Defaults to the system's locale if no locale has been specified
       * @example DateTime.local(2017, 10, 30).weekdayLong //=> Monday
       * @type {string}
       */
      get weekdayLong() {
        return this.isValid ? Info.weekdays("long", {
          locObj: this.loc
        })[this.weekday - 1] : null;
      }
      /**
       * Get the UTC offset of this DateTime in minutes
       * @example DateTime.now().offset //=> -240
       * @example DateTime.utc().offset //=> 0
       * @type {number}
       */
      get offset() {
        return this.isValid ? +this.o : NaN;
      }
      /**
       * Get the short human name for the zone's current offset, for example "EST" or "EDT".
       * Defaults to the system's locale if no locale has been specified
       * @type {string}
       */
      get offsetNameShort() {
        if (this.isValid) {
          return this.zone.offsetName(this.ts, {
            format: "short",
            locale: this.locale
          });
        } else {
          return null;
        }
      }
      /**
       * Get the long human name for the zone's current offset, for example "Eastern Standard Time" or "Eastern Daylight Time".
       * Defaults to the system's locale if no locale has been specified
       * @type {string}
       */
      get offsetNameLong() {
        if (this.isValid) {
          return this.zone.offsetName(this.ts, {
            format: "long",
            locale: this.locale
          });
        } else {
          return null;
        }
      }
      /**
       * Get whether this zone's offset ever changes, as in a DST.
       * @type {boolean}
       */
      get isOffsetFixed() {
        return this.isValid ? this.zone.isUniversal : null;
      }
      /**
       * Get whether the DateTime is in a DST.
       * @type {boolean}
       */
      get isInDST() {
        if (this.isOffsetFixed) {
          return false;
        } else {
          return this.offset > this.set({
            month: 1,
            day: 1
          }).offset || this.offset > this.set({
            month: 5
          }).offset;
        }
      }
      /**
       * Get those DateTimes which have the same local time as this DateTime, but a different offset from UTC
       * in this DateTime's zone. During DST changes local time can be ambiguous, for example
       * `2023-10-29T02:30:00` in `Europe/Berlin` can have offset `+01:00` or `+02:00`.
       * This method will return both possible DateTimes if this DateTime's local time is ambiguous.
       * @returns {DateTime[]}
       */
      getPossibleOffsets() {
        if (!this.isValid || this.isOffsetFixed) {
          return [this];
        }
        const dayMs = 864e5;
        const minuteMs = 6e4;
        const localTS = objToLocalTS(this.c);
        const oEarlier = this.zone.offset(localTS - dayMs);
        const oLater = this.zone.offset(localTS + dayMs);
        const o1 = this.zone.offset(localTS - oEarlier * minuteMs);
        const o2 = this.zone.offset(localTS - oLater * minuteMs);
        if (o1 === o2) {
          return [this];
        }
        const ts1 = localTS - o1 * minuteMs;
        const ts2 = localTS - o2 * minuteMs;
        const c1 = tsToObj(ts1, o1);
        const c2 = tsToObj(ts2, o2);
        if (c1.hour === c2.hour && c1.minute === c2.minute && c1.second === c2.second && c1.millisecond === c2.millisecond) {
          return [clone(this, {
            ts: ts1
          }), clone(this, {
            ts: ts2
          })];
        }
        return [this];
      }
      /**
       * Returns true if this DateTime is in a leap year, false otherwise
       * @example DateTime.local(2016).isInLeapYear //=> true
       * @example DateTime.local(2013).isInLeapYear //=> false
       * @type {boolean}
       */
      get isInLeapYear() {
        return isLeapYear(this.year);
      }
      /**
       * Returns the number of days in this DateTime's month
       * @example DateTime.local(2016, 2).daysInMonth //=> 29
       * @example DateTime.local(2016, 3).daysInMonth //=> 31
       * @type {number}
       */
      get daysInMonth() {
        return daysInMonth(this.year, this.month);
      }
      /**
       * Returns the number of days in this DateTime's year
       * @example DateTime.local(2016).daysInYear //=> 366
       * @example DateTime.local(2013).daysInYear //=> 365
       * @type {number}
       */
      get daysInYear() {
        return this.isValid ? daysInYear(this.year) : NaN;
      }
      /**
       * Returns the number of weeks in this DateTime's year
       * @see https://en.wikipedia.org/wiki/ISO_week_date
       * @example DateTime.local(2004).weeksInWeekYear //=> 53
       * @example DateTime.local(2013).weeksInWeekYear //=> 52
       * @type {number}
       */
      get weeksInWeekYear() {
        return this.isValid ? weeksInWeekYear(this.weekYear) : NaN;
      }
      /**
       * Returns the number of weeks in this DateTime's local week year
       * @example DateTime.local(2020, 6, {locale: 'en-US'}).weeksInLocalWeekYear //=> 52
       * @example DateTime.local(2020, 6, {locale: 'de-DE'}).weeksInLocalWeekYear //=> 53
       * @type {number}
       */
      get weeksInLocalWeekYear() {
        return this.isValid ? weeksInWeekYear(this.localWeekYear, this.loc.getMinDaysInFirstWeek(), this.loc.getStartOfWeek()) : NaN;
      }
      /**
       * Returns the resolved Intl options for this DateTime.
       * This is useful in understanding the behavior of formatting methods
       * @param {Object} opts - the same options as toLocaleString
       * @return {Object}
       */
      resolvedLocaleOptions(opts = {}) {
        const {
          locale,
          numberingSystem,
          calendar
        } = Formatter.create(this.loc.clone(opts), opts).resolvedOptions(this);
        return {
          locale,
          numberingSystem,
          outputCalendar: calendar
        };
      }
      // TRANSFORM
      /**
       * "Set" the DateTime's zone to UTC. Returns a newly-constructed DateTime.
       *
       * Equivalent to {@link DateTime#setZone}('utc')
       * @param {number} [offset=0] - optionally, an offset from UTC in minutes
       * @param {Object} [opts={}] - options to pass to `setZone()`
       * @return {DateTime}
       */
      toUTC(offset2 = 0, opts = {}) {
        return this.setZone(FixedOffsetZone.instance(offset2), opts);
      }
      /**
       * "Set" the DateTime's zone to the host's local zone. Returns a newly-constructed DateTime.
       *
       * Equivalent to `setZone('local')`
       * @return {DateTime}
       */
      toLocal() {
        return this.setZone(Settings.defaultZone);
      }
      /**
       * "Set" the DateTime's zone to specified zone. Returns a newly-constructed DateTime.
       *
       * By default, the setter keeps the underlying time the same (as in, the same timestamp), but the new instance will report different local times and consider DSTs when making computations, as with {@link DateTime#plus}. You may wish to use {@link DateTime#toLocal} and {@link DateTime#toUTC} which provide simple convenience wrappers for commonly used zones.
       * @param {string|Zone} [zone='local'] - a zone identifier. As a string, that can be any IANA zone supported by the host environment, or a fixed-offset name of the form 'UTC+3', or the strings 'local' or 'utc'. You may also supply an instance of a {@link DateTime#Zone} class.
       * @param {Object} opts - options
       * @param {boolean} [opts.keepLocalTime=false] - If true, adjust the underlying time so that the local time stays the same, but in the target zone. You should rarely need this.
       * @return {DateTime}
       */
      setZone(zone, {
        keepLocalTime = false,
        keepCalendarTime = false
      } = {}) {
        zone = normalizeZone(zone, Settings.defaultZone);
        if (zone.equals(this.zone)) {
          return this;
        } else if (!zone.isValid) {
          return _DateTime.invalid(unsupportedZone(zone));
        } else {
          let newTS = this.ts;
          if (keepLocalTime || keepCalendarTime) {
            const offsetGuess = zone.offset(this.ts);
            const asObj = this.toObject();
            [newTS] = objToTS(asObj, offsetGuess, zone);
          }
          return clone(this, {
            ts: newTS,
            zone
          });
        }
      }
      /**
       * "Set" the locale, numberingSystem, or outputCalendar. Returns a newly-constructed DateTime.
       * @param {Object} properties - the properties to set
       * @example DateTime.local(2017, 5, 25).reconfigure({ locale: 'en-GB' })
       * @return {DateTime}
       */
      reconfigure({
        locale,
        numberingSystem,
        outputCalendar
      } = {}) {
        const loc = this.loc.clone({
          locale,
          numberingSystem,
          outputCalendar
        });
        return clone(this, {
          loc
        });
      }
      /**
       * "Set" the locale. Returns a newly-constructed DateTime.
       * Just a convenient alias for reconfigure({ locale })
       * @example DateTime.local(2017, 5, 25).setLocale('en-GB')
       * @return {DateTime}
       */
      setLocale(locale) {
        return this.reconfigure({
          locale
        });
      }
      /**
       * "Set" the values of specified units. Returns a newly-constructed DateTime.
       * You can only set units with this method; for "setting" metadata, see {@link DateTime#reconfigure} and {@link DateTime#setZone}.
       *
       * This method also supports setting locale-based week units, i.e. `localWeekday`, `localWeekNumber` and `localWeekYear`.
       * They cannot be mixed with ISO-week units like `weekday`.
       * @param {Object} values - a mapping of units to numbers
       * @example dt.set({ year: 2017 })
       * @example dt.set({ hour: 8, minute: 30 })
       * @example dt.set({ weekday: 5 })
       * @example dt.set({ year: 2005, ordinal: 234 })
       * @return {DateTime}
       */
      set(values) {
        if (!this.isValid) return this;
        const normalized = normalizeObject(values, normalizeUnitWithLocalWeeks);
        const {
          minDaysInFirstWeek,
          startOfWeek
        } = usesLocalWeekValues(normalized, this.loc);
        const settingWeekStuff = !isUndefined(normalized.weekYear) || !isUndefined(normalized.weekNumber) || !isUndefined(normalized.weekday), containsOrdinal = !isUndefined(normalized.ordinal), containsGregorYear = !isUndefined(normalized.year), containsGregorMD = !isUndefined(normalized.month) || !isUndefined(normalized.day), containsGregor = containsGregorYear || containsGregorMD, definiteWeekDef = normalized.weekYear || normalized.weekNumber;
        if ((containsGregor || containsOrdinal) && definiteWeekDef) {
          throw new ConflictingSpecificationError("Can't mix weekYear/weekNumber units with year/month/day or ordinals");
        }
        if (containsGregorMD && containsOrdinal) {
          throw new ConflictingSpecificationError("Can't mix ordinal dates with month/day");
        }
        let mixed;
        if (settingWeekStuff) {
          mixed = weekToGregorian({
            ...gregorianToWeek(this.c, minDaysInFirstWeek, startOfWeek),
            ...normalized
          }, minDaysInFirstWeek, startOfWeek);
        } else if (!isUndefined(normalized.ordinal)) {
          mixed = ordinalToGregorian({
            ...gregorianToOrdinal(this.c),
            ...normalized
          });
        } else {
          mixed = {
            ...this.toObject(),
            ...normalized
          };
          if (isUndefined(normalized.day)) {
            mixed.day = Math.min(daysInMonth(mixed.year, mixed.month), mixed.day);
          }
        }
        const [ts, o] = objToTS(mixed, this.o, this.zone);
        return clone(this, {
          ts,
          o
        });
      }
      /**
       * Add a period of time to this DateTime and return the resulting DateTime
       *
       * Adding hours, minutes, seconds, or milliseconds increases the timestamp by the right number of milliseconds. Adding days, months, or years shifts the calendar, accounting for DSTs and leap years along the way. Thus, `dt.plus({ hours: 24 })` may result in a different time than `dt.plus({ days: 1 })` if there's a DST shift in between.
       * @param {Duration|Object|number} duration - The amount to add. Either a Luxon Duration, a number of milliseconds, the object argument to Duration.fromObject()
       * @example DateTime.now().plus(123) //~> in 123 milliseconds
       * @example DateTime.now().plus({ minutes: 15 }) //~> in 15 minutes
       * @example DateTime.now().plus({ days: 1 }) //~> this time tomorrow
       * @example DateTime.now().plus({ days: -1 }) //~> this time yesterday
       * @example DateTime.now().plus({ hours: 3, minutes: 13 }) //~> in 3 hr, 13 min
       * @example DateTime.now().plus(Duration.fromObject({ hours: 3, minutes: 13 })) //~> in 3 hr, 13 min
       * @return {DateTime}
       */
      plus(duration) {
        if (!this.isValid) return this;
        const dur = Duration.fromDurationLike(duration);
        return clone(this, adjustTime(this, dur));
      }
      /**
       * Subtract a period of time to this DateTime and return the resulting DateTime
       * See {@link DateTime#plus}
       * @param {Duration|Object|number} duration - The amount to subtract. Either a Luxon Duration, a number of milliseconds, the object argument to Duration.fromObject()
       @return {DateTime}
       */
      minus(duration) {
        if (!this.isValid) return this;
        const dur = Duration.fromDurationLike(duration).negate();
        return clone(this, adjustTime(this, dur));
      }
      /**
       * "Set" this DateTime to the beginning of a unit of time.
       * @param {string} unit - The unit to go to the beginning of. Can be 'year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second', or 'millisecond'.
       * @param {Object} opts - options
       * @param {boolean} [opts.useLocaleWeeks=false] - If true, use weeks based on the locale, i.e. use the locale-dependent start of the week
       * @example DateTime.local(2014, 3, 3).startOf('month').toISODate(); //=> '2014-03-01'
       * @example DateTime.local(2014, 3, 3).startOf('year').toISODate(); //=> '2014-01-01'
       * @example DateTime.local(2014, 3, 3).startOf('week').toISODate(); //=> '2014-03-03', weeks always start on Mondays
       * @example DateTime.local(2014, 3, 3, 5, 30).startOf('day').toISOTime(); //=> '00:00.000-05:00'
       * @example DateTime.local(2014, 3, 3, 5, 30).startOf('hour').toISOTime(); //=> '05:00:00.000-05:00'
       * @return {DateTime}
       */
      startOf(unit, {
        useLocaleWeeks = false
      } = {}) {
        if (!this.isValid) return this;
        const o = {}, normalizedUnit = Duration.normalizeUnit(unit);
        switch (normalizedUnit) {
          case "years":
            o.month = 1;
          // falls through
          case "quarters":
          case "months":
            o.day = 1;
          // falls through
          case "weeks":
          case "days":
            o.hour = 0;
          // falls through
          case "hours":
            o.minute = 0;
          // falls through
          case "minutes":
            o.second = 0;
          // falls through
          case "seconds":
            o.millisecond = 0;
            break;
        }
        if (normalizedUnit === "weeks") {
          if (useLocaleWeeks) {
            const startOfWeek = this.loc.getStartOfWeek();
            const {
              weekday
            } = this;
            if (weekday < startOfWeek) {
              o.weekNumber = this.weekNumber - 1;
            }
            o.weekday = startOfWeek;
          } else {
            o.weekday = 1;
          }
        }
        if (normalizedUnit === "quarters") {
          const q = Math.ceil(this.month / 3);
          o.month = (q - 1) * 3 + 1;
        }
        return this.set(o);
      }
      /**
       * "Set" this DateTime to the end (meaning the last millisecond) of a unit of time
       * @param {string} unit - The unit to go to the end of. Can be 'year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second', or 'millisecond'.
       * @param {Object} opts - options
       * @param {boolean} [opts.useLocaleWeeks=false] - If true, use weeks based on the locale, i.e. use the locale-dependent start of the week
       * @example DateTime.local(2014, 3, 3).endOf('month').toISO(); //=> '2014-03-31T23:59:59.999-05:00'
       * @example DateTime.local(2014, 3, 3).endOf('year').toISO(); //=> '2014-12-31T23:59:59.999-05:00'
       * @example DateTime.local(2014, 3, 3).endOf('week').toISO(); // => '2014-03-09T23:59:59.999-05:00', weeks start on Mondays
       * @example DateTime.local(2014, 3, 3, 5, 30).endOf('day').toISO(); //=> '2014-03-03T23:59:59.999-05:00'
       * @example DateTime.local(2014, 3, 3, 5, 30).endOf('hour').toISO(); //=> '2014-03-03T05:59:59.999-05:00'
       * @return {DateTime}
       */
      endOf(unit, opts) {
        return this.isValid ? this.plus({
          [unit]: 1
        }).startOf(unit, opts).minus(1) : this;
      }
      // OUTPUT
      /**
       * Returns a string representation of this DateTime formatted according to the specified format string.
       * **You may not want this.** See {@link DateTime#toLocaleString} for a more flexible formatting tool. For a table of tokens and their interpretations, see [here](https://moment.github.io/luxon/#/formatting?id=table-of-tokens).
       * Defaults to en-US if no locale has been specified, regardless of the system's locale.
       * @param {string} fmt - the format string
       * @param {Object} opts - opts to override the configuration options on this DateTime
       * @example DateTime.now().toFormat('yyyy LLL dd') //=> '2017 Apr 22'
       * @example DateTime.now().setLocale('fr').toFormat('yyyy LLL dd') //=> '2017 avr. 22'
       * @example DateTime.now().toFormat('yyyy LLL dd', { locale: "fr" }) //=> '2017 avr. 22'
       * @example DateTime.now().toFormat("HH 'hours and' mm 'minutes'") //=> '20 hours and 55 minutes'
       * @return {string}
       */
      toFormat(fmt, opts = {}) {
        return this.isValid ? Formatter.create(this.loc.redefaultToEN(opts)).formatDateTimeFromString(this, fmt) : INVALID;
      }
      /**
       * Returns a localized string representing this date. Accepts the same options as the Intl.DateTimeFormat constructor and any presets defined by Luxon, such as `DateTime.DATE_FULL` or `DateTime.TIME_SIMPLE`.
       * The exact behavior of this method is browser-specific, but in general it will return an appropriate representation
       * of the DateTime in the assigned locale.
       * Defaults to the system's locale if no locale has been specified
       * @see https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/DateTimeFormat
       * @param formatOpts {Object} - Intl.DateTimeFormat constructor options and configuration options
       * @param {Object} opts - opts to override the configuration options on this DateTime
       * @example DateTime.now().toLocaleString(); //=> 4/20/2017
       * @example DateTime.now().setLocale('en-gb').toLocaleString(); //=> '20/04/2017'
       * @example DateTime.now().toLocaleString(DateTime.DATE_FULL); //=> 'April 20, 2017'
       * @example DateTime.now().toLocaleString(DateTime.DATE_FULL, { locale: 'fr' }); //=> '28 août 2022'
       * @example DateTime.now().toLocaleString(DateTime.TIME_SIMPLE); //=> '11:32 AM'
       * @example DateTime.now().toLocaleString(DateTime.DATETIME_SHORT); //=> '4/20/2017, 11:32 AM'
       * @example DateTime.now().toLocaleString({ weekday: 'long', month: 'long', day: '2-digit' }); //=> 'Thursday, April 20'
       * @example DateTime.now().toLocaleString({ weekday: 'short', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit' }); //=> 'Thu, Apr 20, 11:27 AM'
       * @example DateTime.now().toLocaleString({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }); //=> '11:32'
       * @return {string}
       */
      toLocaleString(formatOpts = DATE_SHORT, opts = {}) {
        return this.isValid ? Formatter.create(this.loc.clone(opts), formatOpts).formatDateTime(this) : INVALID;
      }
      /**
       * Returns an array of format "parts", meaning individual tokens along with metadata. This is allows callers to post-process individual sections of the formatted output.
       * Defaults to the system's locale if no locale has been specified
       * @see https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/DateTimeFormat/formatToParts
       * @param opts {Object} - Intl.DateTimeFormat constructor options, same as `toLocaleString`.
       * @example DateTime.now().toLocaleParts(); //=> [
       *                                   //=>   { type: 'day', value: '25' },
       *                                   //=>   { type: 'literal', value: '/' },
       *                                   //=>   { type: 'month', value: '05' },
       *                                   //=>   { type: 'literal', value: '/' },
       *                                   //=>   { type: 'year', value: '1982' }
       *                                   //=> ]
       */
      toLocaleParts(opts = {}) {
        return this.isValid ? Formatter.create(this.loc.clone(opts), opts).formatDateTimeParts(this) : [];
      }
      /**
       * Returns an ISO 8601-compliant string representation of this DateTime
       * @param {Object} opts - options
       * @param {boolean} [opts.suppressMilliseconds=false] - exclude milliseconds from the format if they're 0
       * @param {boolean} [opts.suppressSeconds=false] - exclude seconds from the format if they're 0
       * @param {boolean} [opts.includeOffset=true] - include the offset, such as 'Z' or '-04:00'
       * @param {boolean} [opts.extendedZone=false] - add the time zone format extension
       * @param {string} [opts.format='extended'] - choose between the basic and extended format
       * @param {string} [opts.precision='milliseconds'] - truncate output to desired presicion: 'years', 'months', 'days', 'hours', 'minutes', 'seconds' or 'milliseconds'. When precision and suppressSeconds or suppressMilliseconds are used together, precision sets the maximum unit shown in the output, however seconds or milliseconds will still be suppressed if they are 0.
       * @example DateTime.utc(1983, 5, 25).toISO() //=> '1982-05-25T00:00:00.000Z'
       * @example DateTime.now().toISO() //=> '2017-04-22T20:47:05.335-04:00'
       * @example DateTime.now().toISO({ includeOffset: false }) //=> '2017-04-22T20:47:05.335'
       * @example DateTime.now().toISO({ format: 'basic' }) //=> '20170422T204705.335-0400'
       * @example DateTime.now().toISO({ precision: 'day' }) //=> '2017-04-22Z'
       * @example DateTime.now().toISO({ precision: 'minute' }) //=> '2017-04-22T20:47Z'
       * @return {string|null}
       */
      toISO({
        format = "extended",
        suppressSeconds = false,
        suppressMilliseconds = false,
        includeOffset = true,
        extendedZone = false,
        precision = "milliseconds"
      } = {}) {
        if (!this.isValid) {
          return null;
        }
        precision = normalizeUnit(precision);
        const ext = format === "extended";
        let c = toISODate(this, ext, precision);
        if (orderedUnits.indexOf(precision) >= 3) c += "T";
        c += toISOTime(this, ext, suppressSeconds, suppressMilliseconds, includeOffset, extendedZone, precision);
        return c;
      }
      /**
       * Returns an ISO 8601-compliant string representation of this DateTime's date component
       * @param {Object} opts - options
       * @param {string} [opts.format='extended'] - choose between the basic and extended format
       * @param {string} [opts.precision='day'] - truncate output to desired precision: 'years', 'months', or 'days'.
       * @example DateTime.utc(1982, 5, 25).toISODate() //=> '1982-05-25'
       * @example DateTime.utc(1982, 5, 25).toISODate({ format: 'basic' }) //=> '19820525'
       * @example DateTime.utc(1982, 5, 25).toISODate({ precision: 'month' }) //=> '1982-05'
       * @return {string|null}
       */
      toISODate({
        format = "extended",
        precision = "day"
      } = {}) {
        if (!this.isValid) {
          return null;
        }
        return toISODate(this, format === "extended", normalizeUnit(precision));
      }
      /**
       * Returns an ISO 8601-compliant string representation of this DateTime's week date
       * @example DateTime.utc(1982, 5, 25).toISOWeekDate() //=> '1982-W21-2'
       * @return {string}
       */
      toISOWeekDate() {
        return toTechFormat(this, "kkkk-'W'WW-c");
      }
      /**
       * Returns an ISO 8601-compliant string representation of this DateTime's time component
       * @param {Object} opts - options
       * @param {boolean} [opts.suppressMilliseconds=false] - exclude milliseconds from the format if they're 0
       * @param {boolean} [opts.suppressSeconds=false] - exclude seconds from the format if they're 0
       * @param {boolean} [opts.includeOffset=true] - include the offset, such as 'Z' or '-04:00'
       * @param {boolean} [opts.extendedZone=true] - add the time zone format extension
       * @param {boolean} [opts.includePrefix=false] - include the `T` prefix
       * @param {string} [opts.format='extended'] - choose between the basic and extended format
       * @param {string} [opts.precision='milliseconds'] - truncate output to desired presicion: 'hours', 'minutes', 'seconds' or 'milliseconds'. When precision and suppressSeconds or suppressMilliseconds are used together, precision sets the maximum unit shown in the output, however seconds or milliseconds will still be suppressed if they are 0.
       * @example DateTime.utc().set({ hour: 7, minute: 34 }).toISOTime() //=> '07:34:19.361Z'
       * @example DateTime.utc().set({ hour: 7, minute: 34, seconds: 0, milliseconds: 0 }).toISOTime({ suppressSeconds: true }) //=> '07:34Z'
       * @example DateTime.utc().set({ hour: 7, minute: 34 }).toISOTime({ format: 'basic' }) //=> '073419.361Z'
       * @example DateTime.utc().set({ hour: 7, minute: 34 }).toISOTime({ includePrefix: true }) //=> 'T07:34:19.361Z'
       * @example DateTime.utc().set({ hour: 7, minute: 34, second: 56 }).toISOTime({ precision: 'minute' }) //=> '07:34Z'
       * @return {string}
       */
      toISOTime({
        suppressMilliseconds = false,
        suppressSeconds = false,
        includeOffset = true,
        includePrefix = false,
        extendedZone = false,
        format = "extended",
        precision = "milliseconds"
      } = {}) {
        if (!this.isValid) {
          return null;
        }
        precision = normalizeUnit(precision);
        let c = includePrefix && orderedUnits.indexOf(precision) >= 3 ? "T" : "";
        return c + toISOTime(this, format === "extended", suppressSeconds, suppressMilliseconds, includeOffset, extendedZone, precision);
      }
      /**
       * Returns an RFC 2822-compatible string representation of this DateTime
       * @example DateTime.utc(2014, 7, 13).toRFC2822() //=> 'Sun, 13 Jul 2014 00:00:00 +0000'
       * @example DateTime.local(2014, 7, 13).toRFC2822() //=> 'Sun, 13 Jul 2014 00:00:00 -0400'
       * @return {string}
       */
      toRFC2822() {
        return toTechFormat(this, "EEE, dd LLL yyyy HH:mm:ss ZZZ", false);
      }
      /**
       * Returns a string representation of this DateTime appropriate for use in HTTP headers. The output is always expressed in GMT.
       * Specifically, the string conforms to RFC 1123.
       * @see https://www.w3.org/Protocols/rfc2616/rfc2616-sec3.html#sec3.3.1
       * @example DateTime.utc(2014, 7, 13).toHTTP() //=> 'Sun, 13 Jul 2014 00:00:00 GMT'
       * @example DateTime.utc(2014, 7, 13, 19).toHTTP() //=> 'Sun, 13 Jul 2014 19:00:00 GMT'
       * @return {string}
       */
      toHTTP() {
        return toTechFormat(this.toUTC(), "EEE, dd LLL yyyy HH:mm:ss 'GMT'");
      }
      /**
       * Returns a string representation of this DateTime appropriate for use in SQL Date
       * @example DateTime.utc(2014, 7, 13).toSQLDate() //=> '2014-07-13'
       * @return {string|null}
       */
      toSQLDate() {
        if (!this.isValid) {
          return null;
        }
        return toISODate(this, true);
      }
      /**
       * Returns a string representation of this DateTime appropriate for use in SQL Time
       * @param {Object} opts - options
       * @param {boolean} [opts.includeZone=false] - include the zone, such as 'America/New_York'. Overrides includeOffset.
       * @param {boolean} [opts.includeOffset=true] - include the offset, such as 'Z' or '-04:00'
       * @param {boolean} [opts.includeOffsetSpace=true] - include the space between the time and the offset, such as '05:15:16.345 -04:00'
       * @example DateTime.utc().toSQL() //=> '05:15:16.345'
       * @example DateTime.now().toSQL() //=> '05:15:16.345 -04:00'
       * @example DateTime.now().toSQL({ includeOffset: false }) //=> '05:15:16.345'
       * @example DateTime.now().toSQL({ includeZone: false }) //=> '05:15:16.345 America/New_York'
       * @return {string}
       */
      toSQLTime({
        includeOffset = true,
        includeZone = false,
        includeOffsetSpace = true
      } = {}) {
        let fmt = "HH:mm:ss.SSS";
        if (includeZone || includeOffset) {
          if (includeOffsetSpace) {
            fmt += " ";
          }
          if (includeZone) {
            fmt += "z";
          } else if (includeOffset) {
            fmt += "ZZ";
          }
        }
        return toTechFormat(this, fmt, true);
      }
      /**
       * Returns a string representation of this DateTime appropriate for use in SQL DateTime
       * @param {Object} opts - options
       * @param {boolean} [opts.includeZone=false] - include the zone, such as 'America/New_York'. Overrides includeOffset.
       * @param {boolean} [opts.includeOffset=true] - include the offset, such as 'Z' or '-04:00'
       * @param {boolean} [opts.includeOffsetSpace=true] - include the space between the time and the offset, such as '05:15:16.345 -04:00'
       * @example DateTime.utc(2014, 7, 13).toSQL() //=> '2014-07-13 00:00:00.000 Z'
       * @example DateTime.local(2014, 7, 13).toSQL() //=> '2014-07-13 00:00:00.000 -04:00'
       * @example DateTime.local(2014, 7, 13).toSQL({ includeOffset: false }) //=> '2014-07-13 00:00:00.000'
       * @example DateTime.local(2014, 7, 13).toSQL({ includeZone: true }) //=> '2014-07-13 00:00:00.000 America/New_York'
       * @return {string}
       */
      toSQL(opts = {}) {
        if (!this.isValid) {
          return null;
        }
        return `${this.toSQLDate()} ${this.toSQLTime(opts)}`;
      }
      /**
       * Returns a string representation of this DateTime appropriate for debugging
       * @return {string}
       */
      toString() {
        return this.isValid ? this.toISO() : INVALID;
      }
      /**
       * Returns a string representation of this DateTime appropriate for the REPL.
       * @return {string}
       */
      [/* @__PURE__ */ Symbol.for("nodejs.util.inspect.custom")]() {
        if (this.isValid) {
          return `DateTime { ts: ${this.toISO()}, zone: ${this.zone.name}, locale: ${this.locale} }`;
        } else {
          return `DateTime { Invalid, reason: ${this.invalidReason} }`;
        }
      }
      /**
       * Returns the epoch milliseconds of this DateTime. Alias of {@link DateTime#toMillis}
       * @return {number}
       */
      valueOf() {
        return this.toMillis();
      }
      /**
       * Returns the epoch milliseconds of this DateTime.
       * @return {number}
       */
      toMillis() {
        return this.isValid ? this.ts : NaN;
      }
      /**
       * Returns the epoch seconds (including milliseconds in the fractional part) of this DateTime.
       * @return {number}
       */
      toSeconds() {
        return this.isValid ? this.ts / 1e3 : NaN;
      }
      /**
       * Returns the epoch seconds (as a whole number) of this DateTime.
       * @return {number}
       */
      toUnixInteger() {
        return this.isValid ? Math.floor(this.ts / 1e3) : NaN;
      }
      /**
       * Returns an ISO 8601 representation of this DateTime appropriate for use in JSON.
       * @return {string}
       */
      toJSON() {
        return this.toISO();
      }
      /**
       * Returns a BSON serializable equivalent to this DateTime.
       * @return {Date}
       */
      toBSON() {
        return this.toJSDate();
      }
      /**
       * Returns a JavaScript object with this DateTime's year, month, day, and so on.
       * @param opts - options for generating the object
       * @param {boolean} [opts.includeConfig=false] - include configuration attributes in the output
       * @example DateTime.now().toObject() //=> { year: 2017, month: 4, day: 22, hour: 20, minute: 49, second: 42, millisecond: 268 }
       * @return {Object}
       */
      toObject(opts = {}) {
        if (!this.isValid) return {};
        const base = {
          ...this.c
        };
        if (opts.includeConfig) {
          base.outputCalendar = this.outputCalendar;
          base.numberingSystem = this.loc.numberingSystem;
          base.locale = this.loc.locale;
        }
        return base;
      }
      /**
       * Returns a JavaScript Date equivalent to this DateTime.
       * @return {Date}
       */
      toJSDate() {
        return new Date(this.isValid ? this.ts : NaN);
      }
      // COMPARE
      /**
       * Return the difference between two DateTimes as a Duration.
       * @param {DateTime} otherDateTime - the DateTime to compare this one to
       * @param {string|string[]} [unit=['milliseconds']] - the unit or array of units (such as 'hours' or 'days') to include in the duration.
       * @param {Object} opts - options that affect the creation of the Duration
       * @param {string} [opts.conversionAccuracy='casual'] - the conversion system to use
       * @example
       * var i1 = DateTime.fromISO('1982-05-25T09:45'),
       *     i2 = DateTime.fromISO('1983-10-14T10:30');
       * i2.diff(i1).toObject() //=> { milliseconds: 43807500000 }
       * i2.diff(i1, 'hours').toObject() //=> { hours: 12168.75 }
       * i2.diff(i1, ['months', 'days']).toObject() //=> { months: 16, days: 19.03125 }
       * i2.diff(i1, ['months', 'days', 'hours']).toObject() //=> { months: 16, days: 19, hours: 0.75 }
       * @return {Duration}
       */
      diff(otherDateTime, unit = "milliseconds", opts = {}) {
        if (!this.isValid || !otherDateTime.isValid) {
          return Duration.invalid("created by diffing an invalid DateTime");
        }
        const durOpts = {
          locale: this.locale,
          numberingSystem: this.numberingSystem,
          ...opts
        };
        const units = maybeArray(unit).map(Duration.normalizeUnit), otherIsLater = otherDateTime.valueOf() > this.valueOf(), earlier = otherIsLater ? this : otherDateTime, later = otherIsLater ? otherDateTime : this, diffed = diff(earlier, later, units, durOpts);
        return otherIsLater ? diffed.negate() : diffed;
      }
      /**
       * Return the difference between this DateTime and right now.
       * See {@link DateTime#diff}
       * @param {string|string[]} [unit=['milliseconds']] - the unit or units units (such as 'hours' or 'days') to include in the duration
       * @param {Object} opts - options that affect the creation of the Duration
       * @param {string} [opts.conversionAccuracy='casual'] - the conversion system to use
       * @return {Duration}
       */
      diffNow(unit = "milliseconds", opts = {}) {
        return this.diff(_DateTime.now(), unit, opts);
      }
      /**
       * Return an Interval spanning between this DateTime and another DateTime
       * @param {DateTime} otherDateTime - the other end point of the Interval
       * @return {Interval|DateTime}
       */
      until(otherDateTime) {
        return this.isValid ? Interval.fromDateTimes(this, otherDateTime) : this;
      }
      /**
       * Return whether this DateTime is in the same unit of time as another DateTime.
       * Higher-order units must also be identical for this function to return `true`.
       * Note that time zones are **ignored** in this comparison, which compares the **local** calendar time. Use {@link DateTime#setZone} to convert one of the dates if needed.
       * @param {DateTime} otherDateTime - the other DateTime
       * @param {string} unit - the unit of time to check sameness on
       * @param {Object} opts - options
       * @param {boolean} [opts.useLocaleWeeks=false] - If true, use weeks based on the locale, i.e. use the locale-dependent start of the week; only the locale of this DateTime is used
       * @example DateTime.now().hasSame(otherDT, 'day'); //~> true if otherDT is in the same current calendar day
       * @return {boolean}
       */
      hasSame(otherDateTime, unit, opts) {
        if (!this.isValid) return false;
        const inputMs = otherDateTime.valueOf();
        const adjustedToZone = this.setZone(otherDateTime.zone, {
          keepLocalTime: true
        });
        return adjustedToZone.startOf(unit, opts) <= inputMs && inputMs <= adjustedToZone.endOf(unit, opts);
      }
      /**
       * Equality check
       * Two DateTimes are equal if and only if they represent the same millisecond, have the same zone and location, and are both valid.
       * To compare just the millisecond values, use `+dt1 === +dt2`.
       * @param {DateTime} other - the other DateTime
       * @return {boolean}
       */
      equals(other) {
        return this.isValid && other.isValid && this.valueOf() === other.valueOf() && this.zone.equals(other.zone) && this.loc.equals(other.loc);
      }
      /**
       * Returns a string representation of a this time relative to now, such as "in two days". Can only internationalize if your
       * platform supports Intl.RelativeTimeFormat. Rounds towards zero by default.
       * @param {Object} options - options that affect the output
       * @param {DateTime} [options.base=DateTime.now()] - the DateTime to use as the basis to which this time is compared. Defaults to now.
       * @param {string} [options.style="long"] - the style of units, must be "long", "short", or "narrow"
       * @param {string|string[]} options.unit - use a specific unit or array of units; if omitted, or an array, the method will pick the best unit. Use an array or one of "years", "quarters", "months", "weeks", "days", "hours", "minutes", or "seconds"
       * @param {boolean} [options.round=true] - whether to round the numbers in the output.
       * @param {string} [options.rounding="trunc"] - rounding method to use when rounding the numbers in the output. Can be "trunc" (toward zero), "expand" (away from zero), "round", "floor", or "ceil".
       * @param {number} [options.padding=0] - padding in milliseconds. This allows you to round up the result if it fits inside the threshold. Don't use in combination with {round: false} because the decimal output will include the padding.
       * @param {string} options.locale - override the locale of this DateTime
       * @param {string} options.numberingSystem - override the numberingSystem of this DateTime. The Intl system may choose not to honor this
       * @example DateTime.now().plus({ days: 1 }).toRelative() //=> "in 1 day"
       * @example DateTime.now().setLocale("es").toRelative({ days: 1 }) //=> "dentro de 1 día"
       * @example DateTime.now().plus({ days: 1 }).toRelative({ locale: "fr" }) //=> "dans 23 heures"
       * @example DateTime.now().minus({ days: 2 }).toRelative() //=> "2 days ago"
       * @example DateTime.now().minus({ days: 2 }).toRelative({ unit: "hours" }) //=> "48 hours ago"
       * @example DateTime.now().minus({ hours: 36 }).toRelative({ round: false }) //=> "1.5 days ago"
       */
      toRelative(options = {}) {
        if (!this.isValid) return null;
        const base = options.base || _DateTime.fromObject({}, {
          zone: this.zone
        }), padding = options.padding ? this < base ? -options.padding : options.padding : 0;
        let units = ["years", "months", "days", "hours", "minutes", "seconds"];
        let unit = options.unit;
        if (Array.isArray(options.unit)) {
          units = options.unit;
          unit = void 0;
        }
        return diffRelative(base, this.plus(padding), {
          ...options,
          numeric: "always",
          units,
          unit
        });
      }
      /**
       * Returns a string representation of this date relative to today, such as "yesterday" or "next month".
       * Only internationalizes on platforms that supports Intl.RelativeTimeFormat.
       * @param {Object} options - options that affect the output
       * @param {DateTime} [options.base=DateTime.now()] - the DateTime to use as the basis to which this time is compared. Defaults to now.
       * @param {string} options.locale - override the locale of this DateTime
       * @param {string} options.unit - use a specific unit; if omitted, the method will pick the unit. Use one of "years", "quarters", "months", "weeks", or "days"
       * @param {string} options.numberingSystem - override the numberingSystem of this DateTime. The Intl system may choose not to honor this
       * @example DateTime.now().plus({ days: 1 }).toRelativeCalendar() //=> "tomorrow"
       * @example DateTime.now().setLocale("es").plus({ days: 1 }).toRelative() //=> ""mañana"
       * @example DateTime.now().plus({ days: 1 }).toRelativeCalendar({ locale: "fr" }) //=> "demain"
       * @example DateTime.now().minus({ days: 2 }).toRelativeCalendar() //=> "2 days ago"
       */
      toRelativeCalendar(options = {}) {
        if (!this.isValid) return null;
        return diffRelative(options.base || _DateTime.fromObject({}, {
          zone: this.zone
        }), this, {
          ...options,
          numeric: "auto",
          units: ["years", "months", "days"],
          calendary: true
        });
      }
      /**
       * Return the min of several date times
       * @param {...DateTime} dateTimes - the DateTimes from which to choose the minimum
       * @return {DateTime} the min DateTime, or undefined if called with no argument
       */
      static min(...dateTimes) {
        if (!dateTimes.every(_DateTime.isDateTime)) {
          throw new InvalidArgumentError("min requires all arguments be DateTimes");
        }
        return bestBy(dateTimes, (i) => i.valueOf(), Math.min);
      }
      /**
       * Return the max of several date times
       * @param {...DateTime} dateTimes - the DateTimes from which to choose the maximum
       * @return {DateTime} the max DateTime, or undefined if called with no argument
       */
      static max(...dateTimes) {
        if (!dateTimes.every(_DateTime.isDateTime)) {
          throw new InvalidArgumentError("max requires all arguments be DateTimes");
        }
        return bestBy(dateTimes, (i) => i.valueOf(), Math.max);
      }
      // MISC
      /**
       * Explain how a string would be parsed by fromFormat()
       * @param {string} text - the string to parse
       * @param {string} fmt - the format the string is expected to be in (see description)
       * @param {Object} options - options taken by fromFormat()
       * @return {Object}
       */
      static fromFormatExplain(text, fmt, options = {}) {
        const {
          locale = null,
          numberingSystem = null
        } = options, localeToUse = Locale.fromOpts({
          locale,
          numberingSystem,
          defaultToEN: true
        });
        return explainFromTokens(localeToUse, text, fmt);
      }
      /**
       * @deprecated use fromFormatExplain instead
       */
      static fromStringExplain(text, fmt, options = {}) {
        return _DateTime.fromFormatExplain(text, fmt, options);
      }
      /**
       * Build a parser for `fmt` using the given locale. This parser can be passed
       * to {@link DateTime.fromFormatParser} to a parse a date in this format. This
       * can be used to optimize cases where many dates need to be parsed in a
       * specific format.
       *
       * @param {String} fmt - the format the string is expected to be in (see
       * description)
       * @param {Object} options - options used to set locale and numberingSystem
       * for parser
       * @returns {TokenParser} - opaque object to be used
       */
      static buildFormatParser(fmt, options = {}) {
        const {
          locale = null,
          numberingSystem = null
        } = options, localeToUse = Locale.fromOpts({
          locale,
          numberingSystem,
          defaultToEN: true
        });
        return new TokenParser(localeToUse, fmt);
      }
      /**
       * Create a DateTime from an input string and format parser.
       *
       * The format parser must have been created with the same locale as this call.
       *
       * @param {String} text - the string to parse
       * @param {TokenParser} formatParser - parser from {@link DateTime.buildFormatParser}
       * @param {Object} opts - options taken by fromFormat()
       * @returns {DateTime}
       */
      static fromFormatParser(text, formatParser, opts = {}) {
        if (isUndefined(text) || isUndefined(formatParser)) {
          throw new InvalidArgumentError("fromFormatParser requires an input string and a format parser");
        }
        const {
          locale = null,
          numberingSystem = null
        } = opts, localeToUse = Locale.fromOpts({
          locale,
          numberingSystem,
          defaultToEN: true
        });
        if (!localeToUse.equals(formatParser.locale)) {
          throw new InvalidArgumentError(`fromFormatParser called with a locale of ${localeToUse}, but the format parser was created for ${formatParser.locale}`);
        }
        const {
          result: result2,
          zone,
          specificOffset,
          invalidReason
        } = formatParser.explainFromTokens(text);
        if (invalidReason) {
          return _DateTime.invalid(invalidReason);
        } else {
          return parseDataToDateTime(result2, zone, opts, `format ${formatParser.format}`, text, specificOffset);
        }
      }
      // FORMAT PRESETS
      /**
       * {@link DateTime#toLocaleString} format like 10/14/1983
       * @type {Object}
       */
      static get DATE_SHORT() {
        return DATE_SHORT;
      }
      /**
       * {@link DateTime#toLocaleString} format like 'Oct 14, 1983'
       * @type {Object}
       */
      static get DATE_MED() {
        return DATE_MED;
      }
      /**
       * {@link DateTime#toLocaleString} format like 'Fri, Oct 14, 1983'
       * @type {Object}
       */
      static get DATE_MED_WITH_WEEKDAY() {
        return DATE_MED_WITH_WEEKDAY;
      }
      /**
       * {@link DateTime#toLocaleString} format like 'October 14, 1983'
       * @type {Object}
       */
      static get DATE_FULL() {
        return DATE_FULL;
      }
      /**
       * {@link DateTime#toLocaleString} format like 'Tuesday, October 14, 1983'
       * @type {Object}
       */
      static get DATE_HUGE() {
        return DATE_HUGE;
      }
      /**
       * {@link DateTime#toLocaleString} format like '09:30 AM'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get TIME_SIMPLE() {
        return TIME_SIMPLE;
      }
      /**
       * {@link DateTime#toLocaleString} format like '09:30:23 AM'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get TIME_WITH_SECONDS() {
        return TIME_WITH_SECONDS;
      }
      /**
       * {@link DateTime#toLocaleString} format like '09:30:23 AM EDT'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get TIME_WITH_SHORT_OFFSET() {
        return TIME_WITH_SHORT_OFFSET;
      }
      /**
       * {@link DateTime#toLocaleString} format like '09:30:23 AM Eastern Daylight Time'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get TIME_WITH_LONG_OFFSET() {
        return TIME_WITH_LONG_OFFSET;
      }
      /**
       * {@link DateTime#toLocaleString} format like '09:30', always 24-hour.
       * @type {Object}
       */
      static get TIME_24_SIMPLE() {
        return TIME_24_SIMPLE;
      }
      /**
       * {@link DateTime#toLocaleString} format like '09:30:23', always 24-hour.
       * @type {Object}
       */
      static get TIME_24_WITH_SECONDS() {
        return TIME_24_WITH_SECONDS;
      }
      /**
       * {@link DateTime#toLocaleString} format like '09:30:23 EDT', always 24-hour.
       * @type {Object}
       */
      static get TIME_24_WITH_SHORT_OFFSET() {
        return TIME_24_WITH_SHORT_OFFSET;
      }
      /**
       * {@link DateTime#toLocaleString} format like '09:30:23 Eastern Daylight Time', always 24-hour.
       * @type {Object}
       */
      static get TIME_24_WITH_LONG_OFFSET() {
        return TIME_24_WITH_LONG_OFFSET;
      }
      /**
       * {@link DateTime#toLocaleString} format like '10/14/1983, 9:30 AM'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get DATETIME_SHORT() {
        return DATETIME_SHORT;
      }
      /**
       * {@link DateTime#toLocaleString} format like '10/14/1983, 9:30:33 AM'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get DATETIME_SHORT_WITH_SECONDS() {
        return DATETIME_SHORT_WITH_SECONDS;
      }
      /**
       * {@link DateTime#toLocaleString} format like 'Oct 14, 1983, 9:30 AM'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get DATETIME_MED() {
        return DATETIME_MED;
      }
      /**
       * {@link DateTime#toLocaleString} format like 'Oct 14, 1983, 9:30:33 AM'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get DATETIME_MED_WITH_SECONDS() {
        return DATETIME_MED_WITH_SECONDS;
      }
      /**
       * {@link DateTime#toLocaleString} format like 'Fri, 14 Oct 1983, 9:30 AM'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get DATETIME_MED_WITH_WEEKDAY() {
        return DATETIME_MED_WITH_WEEKDAY;
      }
      /**
       * {@link DateTime#toLocaleString} format like 'October 14, 1983, 9:30 AM EDT'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get DATETIME_FULL() {
        return DATETIME_FULL;
      }
      /**
       * {@link DateTime#toLocaleString} format like 'October 14, 1983, 9:30:33 AM EDT'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get DATETIME_FULL_WITH_SECONDS() {
        return DATETIME_FULL_WITH_SECONDS;
      }
      /**
       * {@link DateTime#toLocaleString} format like 'Friday, October 14, 1983, 9:30 AM Eastern Daylight Time'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get DATETIME_HUGE() {
        return DATETIME_HUGE;
      }
      /**
       * {@link DateTime#toLocaleString} format like 'Friday, October 14, 1983, 9:30:33 AM Eastern Daylight Time'. Only 12-hour if the locale is.
       * @type {Object}
       */
      static get DATETIME_HUGE_WITH_SECONDS() {
        return DATETIME_HUGE_WITH_SECONDS;
      }
    };
    function friendlyDateTime(dateTimeish) {
      if (DateTime.isDateTime(dateTimeish)) {
        return dateTimeish;
      } else if (dateTimeish && dateTimeish.valueOf && isNumber(dateTimeish.valueOf())) {
        return DateTime.fromJSDate(dateTimeish);
      } else if (dateTimeish && typeof dateTimeish === "object") {
        return DateTime.fromObject(dateTimeish);
      } else {
        throw new InvalidArgumentError(`Unknown datetime argument: ${dateTimeish}, of type ${typeof dateTimeish}`);
      }
    }
    var VERSION2 = "3.7.2";
    exports.DateTime = DateTime;
    exports.Duration = Duration;
    exports.FixedOffsetZone = FixedOffsetZone;
    exports.IANAZone = IANAZone;
    exports.Info = Info;
    exports.Interval = Interval;
    exports.InvalidZone = InvalidZone;
    exports.Settings = Settings;
    exports.SystemZone = SystemZone;
    exports.VERSION = VERSION2;
    exports.Zone = Zone;
  }
});

// node_modules/cron-parser/dist/CronDate.js
var require_CronDate = __commonJS({
  "node_modules/cron-parser/dist/CronDate.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronDate = exports.DAYS_IN_MONTH = exports.DateMathOp = exports.TimeUnit = void 0;
    var luxon_1 = require_luxon();
    var TimeUnit;
    (function(TimeUnit2) {
      TimeUnit2["Second"] = "Second";
      TimeUnit2["Minute"] = "Minute";
      TimeUnit2["Hour"] = "Hour";
      TimeUnit2["Day"] = "Day";
      TimeUnit2["Month"] = "Month";
      TimeUnit2["Year"] = "Year";
    })(TimeUnit || (exports.TimeUnit = TimeUnit = {}));
    var DateMathOp;
    (function(DateMathOp2) {
      DateMathOp2["Add"] = "Add";
      DateMathOp2["Subtract"] = "Subtract";
    })(DateMathOp || (exports.DateMathOp = DateMathOp = {}));
    exports.DAYS_IN_MONTH = Object.freeze([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    var CronDate = class _CronDate {
      #date;
      #dstStart = null;
      #dstStartLandingHour = null;
      #dstEnd = null;
      /**
       * Constructs a new CronDate instance.
       * @param {CronDate | Date | number | string} [timestamp] - The timestamp to initialize the CronDate with.
       * @param {string} [tz] - The timezone to use for the CronDate.
       */
      constructor(timestamp, tz) {
        const dateOpts = { zone: tz };
        if (!timestamp && timestamp !== 0) {
          this.#date = luxon_1.DateTime.local();
        } else if (timestamp instanceof _CronDate) {
          this.#date = timestamp.#date;
          this.#dstStart = timestamp.#dstStart;
          this.#dstStartLandingHour = timestamp.#dstStartLandingHour;
          this.#dstEnd = timestamp.#dstEnd;
        } else if (timestamp instanceof Date) {
          this.#date = luxon_1.DateTime.fromJSDate(timestamp, dateOpts);
        } else if (typeof timestamp === "number") {
          this.#date = luxon_1.DateTime.fromMillis(timestamp, dateOpts);
        } else {
          this.#date = luxon_1.DateTime.fromISO(timestamp, dateOpts);
          this.#date.isValid || (this.#date = luxon_1.DateTime.fromRFC2822(timestamp, dateOpts));
          this.#date.isValid || (this.#date = luxon_1.DateTime.fromSQL(timestamp, dateOpts));
          this.#date.isValid || (this.#date = luxon_1.DateTime.fromFormat(timestamp, "EEE, d MMM yyyy HH:mm:ss", dateOpts));
          this.#date.isValid || (this.#date = luxon_1.DateTime.fromHTTP(timestamp, dateOpts));
        }
        if (!this.#date.isValid) {
          throw new Error(`CronDate: unhandled timestamp: ${timestamp}`);
        }
        if (tz && tz !== this.#date.zoneName) {
          this.#date = this.#date.setZone(tz);
        }
      }
      /**
       * Determines if the given year is a leap year.
       * @param {number} year - The year to check
       * @returns {boolean} - True if the year is a leap year, false otherwise
       * @private
       */
      static #isLeapYear(year) {
        return year % 4 === 0 && year % 100 !== 0 || year % 400 === 0;
      }
      /**
       * Returns daylight savings start time.
       * @returns {number | null}
       */
      get dstStart() {
        return this.#dstStart;
      }
      /**
       * Returns the first existing hour after the skipped window, or null.
       * @returns {number | null}
       */
      get dstStartLandingHour() {
        return this.#dstStartLandingHour;
      }
      /**
       * Discards the recorded daylight savings start window. The two halves are
       * only meaningful together, so neither is writable on its own.
       */
      clearDstStart() {
        this.#dstStart = null;
        this.#dstStartLandingHour = null;
      }
      /**
       * Returns daylight savings end time.
       * @returns {number | null}
       */
      get dstEnd() {
        return this.#dstEnd;
      }
      /**
       * Sets daylight savings end time.
       * @param {number | null} value
       */
      set dstEnd(value) {
        this.#dstEnd = value;
      }
      /**
       * Adds one year to the current CronDate.
       */
      addYear() {
        this.#date = this.#date.plus({ years: 1 });
      }
      /**
       * Adds one month to the current CronDate.
       */
      addMonth() {
        this.#date = this.#date.plus({ months: 1 }).startOf("month");
      }
      /**
       * Adds one day to the current CronDate.
       */
      addDay() {
        this.#date = this.#date.plus({ days: 1 }).startOf("day");
      }
      /**
       * Adds one hour to the current CronDate.
       */
      addHour() {
        this.#date = this.#date.plus({ hours: 1 }).startOf("hour");
      }
      /**
       * Adds one minute to the current CronDate.
       */
      addMinute() {
        this.#date = this.#date.plus({ minutes: 1 }).startOf("minute");
      }
      /**
       * Adds one second to the current CronDate.
       */
      addSecond() {
        this.#date = this.#date.plus({ seconds: 1 });
      }
      /**
       * Subtracts one year from the current CronDate.
       */
      subtractYear() {
        this.#date = this.#date.minus({ years: 1 });
      }
      /**
       * Subtracts one month from the current CronDate.
       * If the month is 1, it will subtract one year instead.
       */
      subtractMonth() {
        this.#date = this.#date.minus({ months: 1 }).endOf("month").startOf("second");
      }
      /**
       * Subtracts one day from the current CronDate.
       * If the day is 1, it will subtract one month instead.
       */
      subtractDay() {
        this.#date = this.#date.minus({ days: 1 }).endOf("day").startOf("second");
      }
      /**
       * Subtracts one hour from the current CronDate.
       * If the hour is 0, it will subtract one day instead.
       */
      subtractHour() {
        this.#date = this.#date.minus({ hours: 1 }).endOf("hour").startOf("second");
      }
      /**
       * Subtracts one minute from the current CronDate.
       * If the minute is 0, it will subtract one hour instead.
       */
      subtractMinute() {
        this.#date = this.#date.minus({ minutes: 1 }).endOf("minute").startOf("second");
      }
      /**
       * Subtracts one second from the current CronDate.
       * If the second is 0, it will subtract one minute instead.
       */
      subtractSecond() {
        this.#date = this.#date.minus({ seconds: 1 });
      }
      /**
       * Adds a unit of time to the current CronDate.
       * @param {TimeUnit} unit
       */
      addUnit(unit) {
        switch (unit) {
          case TimeUnit.Year:
            return this.addYear();
          case TimeUnit.Month:
            return this.addMonth();
          case TimeUnit.Day:
            return this.addDay();
          case TimeUnit.Hour:
            return this.addHour();
          case TimeUnit.Minute:
            return this.addMinute();
          case TimeUnit.Second:
            return this.addSecond();
        }
      }
      /**
       * Subtracts a unit of time from the current CronDate.
       * @param {TimeUnit} unit
       */
      subtractUnit(unit) {
        switch (unit) {
          case TimeUnit.Year:
            return this.subtractYear();
          case TimeUnit.Month:
            return this.subtractMonth();
          case TimeUnit.Day:
            return this.subtractDay();
          case TimeUnit.Hour:
            return this.subtractHour();
          case TimeUnit.Minute:
            return this.subtractMinute();
          case TimeUnit.Second:
            return this.subtractSecond();
        }
      }
      /**
       * Handles a math operation.
       * @param {DateMathOp} verb - {'add' | 'subtract'}
       * @param {TimeUnit} unit - {'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'}
       */
      invokeDateOperation(verb, unit) {
        if (verb === DateMathOp.Add) {
          this.addUnit(unit);
          return;
        }
        if (verb === DateMathOp.Subtract) {
          this.subtractUnit(unit);
          return;
        }
        throw new Error(`Invalid verb: ${verb}`);
      }
      /**
       * Returns the day.
       * @returns {number}
       */
      getDate() {
        return this.#date.day;
      }
      /**
       * Returns the year.
       * @returns {number}
       */
      getFullYear() {
        return this.#date.year;
      }
      /**
       * Returns the day of the week.
       * @returns {number}
       */
      getDay() {
        const weekday = this.#date.weekday;
        return weekday === 7 ? 0 : weekday;
      }
      /**
       * Returns the month.
       * @returns {number}
       */
      getMonth() {
        return this.#date.month - 1;
      }
      /**
       * Returns the hour.
       * @returns {number}
       */
      getHours() {
        return this.#date.hour;
      }
      /**
       * Returns the minutes.
       * @returns {number}
       */
      getMinutes() {
        return this.#date.minute;
      }
      /**
       * Returns the seconds.
       * @returns {number}
       */
      getSeconds() {
        return this.#date.second;
      }
      /**
       * Returns the milliseconds.
       * @returns {number}
       */
      getMilliseconds() {
        return this.#date.millisecond;
      }
      /**
       * Returns the timezone offset from UTC in minutes (e.g. UTC+2 => 120).
       * Useful for detecting DST transition days.
       *
       * @returns {number} UTC offset in minutes
       */
      getUTCOffset() {
        return this.#date.offset;
      }
      /**
       * Sets the time to the start of the day (00:00:00.000) in the current timezone.
       */
      setStartOfDay() {
        this.#date = this.#date.startOf("day");
      }
      /**
       * Sets the time to the end of the day (23:59:59.999) in the current timezone.
       */
      setEndOfDay() {
        this.#date = this.#date.endOf("day");
      }
      /**
       * Returns the time.
       * @returns {number}
       */
      getTime() {
        return this.#date.valueOf();
      }
      /**
       * Returns the UTC day.
       * @returns {number}
       */
      getUTCDate() {
        return this.#getUTC().day;
      }
      /**
       * Returns the UTC year.
       * @returns {number}
       */
      getUTCFullYear() {
        return this.#getUTC().year;
      }
      /**
       * Returns the UTC day of the week.
       * @returns {number}
       */
      getUTCDay() {
        const weekday = this.#getUTC().weekday;
        return weekday === 7 ? 0 : weekday;
      }
      /**
       * Returns the UTC month.
       * @returns {number}
       */
      getUTCMonth() {
        return this.#getUTC().month - 1;
      }
      /**
       * Returns the UTC hour.
       * @returns {number}
       */
      getUTCHours() {
        return this.#getUTC().hour;
      }
      /**
       * Returns the UTC minutes.
       * @returns {number}
       */
      getUTCMinutes() {
        return this.#getUTC().minute;
      }
      /**
       * Returns the UTC seconds.
       * @returns {number}
       */
      getUTCSeconds() {
        return this.#getUTC().second;
      }
      /**
       * Returns the UTC milliseconds.
       * @returns {string | null}
       */
      toISOString() {
        return this.#date.toUTC().toISO();
      }
      /**
       * Returns the date as a JSON string.
       * @returns {string | null}
       */
      toJSON() {
        return this.#date.toJSON();
      }
      /**
       * Sets a date unit, skipping the luxon `set` call when the value does not change.
       */
      #set(unit, value) {
        if (this.#date[unit] !== value) {
          this.#date = this.#date.set({ [unit]: value });
        }
      }
      /**
       * Sets the day.
       * @param d
       */
      setDate(d) {
        this.#set("day", d);
      }
      /**
       * Sets the year.
       * @param y
       */
      setFullYear(y) {
        this.#set("year", y);
      }
      /**
       * Sets the day of the week.
       * @param d
       */
      setDay(d) {
        this.#set("weekday", d);
      }
      /**
       * Sets the month.
       * @param m
       */
      setMonth(m) {
        this.#set("month", m + 1);
      }
      /**
       * Sets the hour.
       * @param h
       */
      setHours(h) {
        this.#set("hour", h);
      }
      /**
       * Sets the minutes.
       * @param m
       */
      setMinutes(m) {
        this.#set("minute", m);
      }
      /**
       * Sets the seconds.
       * @param s
       */
      setSeconds(s) {
        this.#set("second", s);
      }
      /**
       * Sets the milliseconds.
       * @param s
       */
      setMilliseconds(s) {
        this.#set("millisecond", s);
      }
      /**
       * Returns the date as a string.
       * @returns {string}
       */
      toString() {
        return this.toDate().toString();
      }
      /**
       * Returns the date as a Date object.
       * @returns {Date}
       */
      toDate() {
        return this.#date.toJSDate();
      }
      /**
       * Returns true if the day is the last day of the month.
       * @returns {boolean}
       */
      isLastDayOfMonth() {
        const { day, month } = this.#date;
        if (month === 2) {
          const isLeap = _CronDate.#isLeapYear(this.#date.year);
          return day === exports.DAYS_IN_MONTH[month - 1] - (isLeap ? 0 : 1);
        }
        return day === exports.DAYS_IN_MONTH[month - 1];
      }
      /**
       * Returns true if the day is the last weekday of the month.
       * @returns {boolean}
       */
      isLastWeekdayOfMonth() {
        const { day, month } = this.#date;
        let lastDay;
        if (month === 2) {
          lastDay = exports.DAYS_IN_MONTH[month - 1] - (_CronDate.#isLeapYear(this.#date.year) ? 0 : 1);
        } else {
          lastDay = exports.DAYS_IN_MONTH[month - 1];
        }
        return day > lastDay - 7;
      }
      /**
       * Primarily for internal use.
       * @param {DateMathOp} op - The operation to perform.
       * @param {TimeUnit} unit - The unit of time to use.
       * @param {number} [hoursLength] - The length of the hours. Used to skip the DST handling when every hour is scheduled.
       */
      applyDateOperation(op, unit, hoursLength) {
        if (unit === TimeUnit.Month || unit === TimeUnit.Day) {
          this.invokeDateOperation(op, unit);
          this.clearDstStart();
          if (op === DateMathOp.Add && hoursLength !== 24 && this.getHours() > 0) {
            this.#dstStart = 0;
            this.#dstStartLandingHour = this.getHours();
          }
          return;
        }
        const previousHour = this.getHours();
        const previousOffset = this.getUTCOffset();
        this.invokeDateOperation(op, unit);
        const currentHour = this.getHours();
        const advance = (currentHour - previousHour + 24) % 24;
        if (op === DateMathOp.Add && this.getUTCOffset() > previousOffset && advance >= 2) {
          if (hoursLength !== 24) {
            this.#dstStart = (previousHour + 1) % 24;
            this.#dstStartLandingHour = currentHour;
          }
        } else if (advance === 0 && this.getMinutes() === 0 && this.getSeconds() === 0) {
          if (hoursLength !== 24) {
            this.dstEnd = currentHour;
          }
        }
      }
      /**
       * Returns the UTC date.
       * @private
       * @returns {DateTime}
       */
      #getUTC() {
        return this.#date.toUTC();
      }
    };
    exports.CronDate = CronDate;
    exports.default = CronDate;
  }
});

// node_modules/cron-parser/dist/fields/CronMonth.js
var require_CronMonth = __commonJS({
  "node_modules/cron-parser/dist/fields/CronMonth.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronMonth = void 0;
    var CronDate_1 = require_CronDate();
    var CronField_1 = require_CronField();
    var MIN_MONTH = 1;
    var MAX_MONTH = 12;
    var MONTH_CHARS = Object.freeze([]);
    var CronMonth = class extends CronField_1.CronField {
      static get min() {
        return MIN_MONTH;
      }
      static get max() {
        return MAX_MONTH;
      }
      static get chars() {
        return MONTH_CHARS;
      }
      static get daysInMonth() {
        return CronDate_1.DAYS_IN_MONTH;
      }
      /**
       * CronDayOfMonth constructor. Initializes the "day of the month" field with the provided values.
       * @param {MonthRange[]} values - Values for the "day of the month" field
       * @param {CronFieldOptions} [options] - Options provided by the parser
       */
      constructor(values, options) {
        super(values, options);
        this.validate();
      }
      /**
       * Returns an array of allowed values for the "day of the month" field.
       * @returns {MonthRange[]}
       */
      get values() {
        return super.values;
      }
    };
    exports.CronMonth = CronMonth;
  }
});

// node_modules/cron-parser/dist/fields/CronDayOfMonth.js
var require_CronDayOfMonth = __commonJS({
  "node_modules/cron-parser/dist/fields/CronDayOfMonth.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronDayOfMonth = void 0;
    var CronField_1 = require_CronField();
    var CronMonth_1 = require_CronMonth();
    var MIN_DAY = 1;
    var MAX_DAY = 31;
    var DAY_CHARS = Object.freeze(["L"]);
    var CronDayOfMonth = class _CronDayOfMonth extends CronField_1.CronField {
      /**
       * Creates a "day of the month" field limited to the days the given month has.
       * @param {MonthRange[]} month - Values for the "month" field the days are used with
       * @param {DayOfMonthRange[]} values - Values for the "day of the month" field
       * @param {CronFieldOptions} [options] - Options provided by the parser
       * @returns {CronDayOfMonth}
       */
      static fromMonth(month, values, options) {
        if (month.length !== 1) {
          return new _CronDayOfMonth(values, options);
        }
        const daysInMonth = CronMonth_1.CronMonth.daysInMonth[month[0] - 1];
        const days = values.filter((value) => typeof value !== "number" || value <= daysInMonth);
        return new _CronDayOfMonth(days.length > 0 ? days : values, options);
      }
      static get min() {
        return MIN_DAY;
      }
      static get max() {
        return MAX_DAY;
      }
      static get chars() {
        return DAY_CHARS;
      }
      static get validChars() {
        return /^(?:[?,*\dLH/-]|H\(\d+-\d+\))+$/;
      }
      /**
       * CronDayOfMonth constructor. Initializes the "day of the month" field with the provided values.
       * @param {DayOfMonthRange[]} values - Values for the "day of the month" field
       * @param {CronFieldOptions} [options] - Options provided by the parser
       * @throws {Error} if validation fails
       */
      constructor(values, options) {
        super(values, options);
        this.validate();
      }
      /**
       * Returns an array of allowed values for the "day of the month" field.
       * @returns {DayOfMonthRange[]}
       */
      get values() {
        return super.values;
      }
    };
    exports.CronDayOfMonth = CronDayOfMonth;
  }
});

// node_modules/cron-parser/dist/fields/CronDayOfWeek.js
var require_CronDayOfWeek = __commonJS({
  "node_modules/cron-parser/dist/fields/CronDayOfWeek.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronDayOfWeek = void 0;
    var CronField_1 = require_CronField();
    var MIN_DAY = 0;
    var MAX_DAY = 7;
    var DAY_CHARS = Object.freeze(["L"]);
    var CronDayOfWeek = class extends CronField_1.CronField {
      static get min() {
        return MIN_DAY;
      }
      static get max() {
        return MAX_DAY;
      }
      static get chars() {
        return DAY_CHARS;
      }
      static isValidChar(value) {
        return /^[0-7]?L$/.test(value);
      }
      static get validChars() {
        return /^(?:[?,*\dLH#/-]|H\(\d+-\d+\))+$/;
      }
      /**
       * CronDayOfTheWeek constructor. Initializes the "day of the week" field with the provided values.
       * @param {DayOfWeekRange[]} values - Values for the "day of the week" field
       * @param {CronFieldOptions} [options] - Options provided by the parser
       */
      constructor(values, options) {
        super(values, options);
        this.validate();
        if (this.values.some((value) => value === "L")) {
          throw new Error(`${this.constructor.name} Validation error, unexpected standalone L`);
        }
      }
      /**
       * Returns an array of allowed values for the "day of the week" field.
       * @returns {DayOfWeekRange[]}
       */
      get values() {
        return super.values;
      }
      /**
       * Returns the nth day of the week if specified in the cron expression.
       * This is used for the '#' character in the cron expression.
       * @returns {number} The nth day of the week (1-5) or 0 if not specified.
       */
      get nthDay() {
        return this.options.nthDayOfWeek ?? 0;
      }
    };
    exports.CronDayOfWeek = CronDayOfWeek;
  }
});

// node_modules/cron-parser/dist/fields/CronHour.js
var require_CronHour = __commonJS({
  "node_modules/cron-parser/dist/fields/CronHour.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronHour = void 0;
    var CronField_1 = require_CronField();
    var MIN_HOUR = 0;
    var MAX_HOUR = 23;
    var HOUR_CHARS = Object.freeze([]);
    var CronHour = class extends CronField_1.CronField {
      static get min() {
        return MIN_HOUR;
      }
      static get max() {
        return MAX_HOUR;
      }
      static get chars() {
        return HOUR_CHARS;
      }
      /**
       * CronHour constructor. Initializes the "hour" field with the provided values.
       * @param {HourRange[]} values - Values for the "hour" field
       * @param {CronFieldOptions} [options] - Options provided by the parser
       */
      constructor(values, options) {
        super(values, options);
        this.validate();
      }
      /**
       * Returns an array of allowed values for the "hour" field.
       * @returns {HourRange[]}
       */
      get values() {
        return super.values;
      }
    };
    exports.CronHour = CronHour;
  }
});

// node_modules/cron-parser/dist/fields/CronMinute.js
var require_CronMinute = __commonJS({
  "node_modules/cron-parser/dist/fields/CronMinute.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronMinute = void 0;
    var CronField_1 = require_CronField();
    var MIN_MINUTE = 0;
    var MAX_MINUTE = 59;
    var MINUTE_CHARS = Object.freeze([]);
    var CronMinute = class extends CronField_1.CronField {
      static get min() {
        return MIN_MINUTE;
      }
      static get max() {
        return MAX_MINUTE;
      }
      static get chars() {
        return MINUTE_CHARS;
      }
      /**
       * CronSecond constructor. Initializes the "second" field with the provided values.
       * @param {SixtyRange[]} values - Values for the "second" field
       * @param {CronFieldOptions} [options] - Options provided by the parser
       */
      constructor(values, options) {
        super(values, options);
        this.validate();
      }
      /**
       * Returns an array of allowed values for the "second" field.
       * @returns {SixtyRange[]}
       */
      get values() {
        return super.values;
      }
    };
    exports.CronMinute = CronMinute;
  }
});

// node_modules/cron-parser/dist/fields/CronSecond.js
var require_CronSecond = __commonJS({
  "node_modules/cron-parser/dist/fields/CronSecond.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronSecond = void 0;
    var CronField_1 = require_CronField();
    var MIN_SECOND = 0;
    var MAX_SECOND = 59;
    var SECOND_CHARS = Object.freeze([]);
    var CronSecond = class extends CronField_1.CronField {
      static get min() {
        return MIN_SECOND;
      }
      static get max() {
        return MAX_SECOND;
      }
      static get chars() {
        return SECOND_CHARS;
      }
      /**
       * CronSecond constructor. Initializes the "second" field with the provided values.
       * @param {SixtyRange[]} values - Values for the "second" field
       * @param {CronFieldOptions} [options] - Options provided by the parser
       */
      constructor(values, options) {
        super(values, options);
        this.validate();
      }
      /**
       * Returns an array of allowed values for the "second" field.
       * @returns {SixtyRange[]}
       */
      get values() {
        return super.values;
      }
    };
    exports.CronSecond = CronSecond;
  }
});

// node_modules/cron-parser/dist/fields/index.js
var require_fields = __commonJS({
  "node_modules/cron-parser/dist/fields/index.js"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __exportStar = exports && exports.__exportStar || function(m, exports2) {
      for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports2, p)) __createBinding(exports2, m, p);
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    __exportStar(require_types2(), exports);
    __exportStar(require_CronDayOfMonth(), exports);
    __exportStar(require_CronDayOfWeek(), exports);
    __exportStar(require_CronField(), exports);
    __exportStar(require_CronHour(), exports);
    __exportStar(require_CronMinute(), exports);
    __exportStar(require_CronMonth(), exports);
    __exportStar(require_CronSecond(), exports);
  }
});

// node_modules/cron-parser/dist/CronFieldCollection.js
var require_CronFieldCollection = __commonJS({
  "node_modules/cron-parser/dist/CronFieldCollection.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronFieldCollection = void 0;
    var fields_1 = require_fields();
    var CronFieldCollection = class _CronFieldCollection {
      #second;
      #minute;
      #hour;
      #dayOfMonth;
      #month;
      #dayOfWeek;
      /**
       * Creates a new CronFieldCollection instance by partially overriding fields from an existing one.
       * @param {CronFieldCollection} base - The base CronFieldCollection to copy fields from
       * @param {CronFieldOverride} fields - The fields to override, can be CronField instances or raw values
       * @returns {CronFieldCollection} A new CronFieldCollection instance
       * @example
       * const base = new CronFieldCollection({
       *   second: new CronSecond([0]),
       *   minute: new CronMinute([0]),
       *   hour: new CronHour([12]),
       *   dayOfMonth: new CronDayOfMonth([1]),
       *   month: new CronMonth([1]),
       *   dayOfWeek: new CronDayOfWeek([1])
       * });
       *
       * // Using CronField instances
       * const modified1 = CronFieldCollection.from(base, {
       *   hour: new CronHour([15]),
       *   minute: new CronMinute([30])
       * });
       *
       * // Using raw values
       * const modified2 = CronFieldCollection.from(base, {
       *   hour: [15],        // Will create new CronHour
       *   minute: [30]       // Will create new CronMinute
       * });
       */
      static from(base, fields) {
        return new _CronFieldCollection({
          second: this.resolveField(fields_1.CronSecond, base.second, fields.second),
          minute: this.resolveField(fields_1.CronMinute, base.minute, fields.minute),
          hour: this.resolveField(fields_1.CronHour, base.hour, fields.hour),
          dayOfMonth: this.resolveField(fields_1.CronDayOfMonth, base.dayOfMonth, fields.dayOfMonth),
          month: this.resolveField(fields_1.CronMonth, base.month, fields.month),
          dayOfWeek: this.resolveField(fields_1.CronDayOfWeek, base.dayOfWeek, fields.dayOfWeek)
        });
      }
      /**
       * Resolves a field value, either using the provided CronField instance or creating a new one from raw values.
       * @param constructor - The constructor for creating new field instances
       * @param baseField - The base field to use if no override is provided
       * @param fieldValue - The override value, either a CronField instance or raw values
       * @returns The resolved CronField instance
       * @private
       */
      static resolveField(constructor, baseField, fieldValue) {
        if (!fieldValue) {
          return baseField;
        }
        if (fieldValue instanceof fields_1.CronField) {
          return fieldValue;
        }
        return new constructor(fieldValue);
      }
      /**
       * CronFieldCollection constructor. Initializes the cron fields with the provided values.
       * @param {CronFields} param0 - The cron fields values
       * @throws {Error} if validation fails
       * @example
       * const cronFields = new CronFieldCollection({
       *   second: new CronSecond([0]),
       *   minute: new CronMinute([0, 30]),
       *   hour: new CronHour([9]),
       *   dayOfMonth: new CronDayOfMonth([15]),
       *   month: new CronMonth([1]),
       *   dayOfWeek: new CronDayOfTheWeek([1, 2, 3, 4, 5]),
       * })
       *
       * console.log(cronFields.second.values); // [0]
       * console.log(cronFields.minute.values); // [0, 30]
       * console.log(cronFields.hour.values); // [9]
       * console.log(cronFields.dayOfMonth.values); // [15]
       * console.log(cronFields.month.values); // [1]
       * console.log(cronFields.dayOfWeek.values); // [1, 2, 3, 4, 5]
       */
      constructor({ second, minute, hour, dayOfMonth, month, dayOfWeek }) {
        if (!second) {
          throw new Error("Validation error, Field second is missing");
        }
        if (!minute) {
          throw new Error("Validation error, Field minute is missing");
        }
        if (!hour) {
          throw new Error("Validation error, Field hour is missing");
        }
        if (!dayOfMonth) {
          throw new Error("Validation error, Field dayOfMonth is missing");
        }
        if (!month) {
          throw new Error("Validation error, Field month is missing");
        }
        if (!dayOfWeek) {
          throw new Error("Validation error, Field dayOfWeek is missing");
        }
        if (!dayOfMonth.hasLastChar && dayOfWeek.isWildcard) {
          const longestMonth = Math.max(...month.values.map((value) => fields_1.CronMonth.daysInMonth[value - 1]));
          if (!(parseInt(dayOfMonth.values[0], 10) <= longestMonth)) {
            throw new Error("Invalid explicit day of month definition");
          }
        }
        this.#second = second;
        this.#minute = minute;
        this.#hour = hour;
        this.#month = month;
        this.#dayOfWeek = dayOfWeek;
        this.#dayOfMonth = dayOfMonth;
      }
      /**
       * Returns the second field.
       * @returns {CronSecond}
       */
      get second() {
        return this.#second;
      }
      /**
       * Returns the minute field.
       * @returns {CronMinute}
       */
      get minute() {
        return this.#minute;
      }
      /**
       * Returns the hour field.
       * @returns {CronHour}
       */
      get hour() {
        return this.#hour;
      }
      /**
       * Returns the day of the month field.
       * @returns {CronDayOfMonth}
       */
      get dayOfMonth() {
        return this.#dayOfMonth;
      }
      /**
       * Returns the month field.
       * @returns {CronMonth}
       */
      get month() {
        return this.#month;
      }
      /**
       * Returns the day of the week field.
       * @returns {CronDayOfWeek}
       */
      get dayOfWeek() {
        return this.#dayOfWeek;
      }
      /**
       * Returns a string representation of the cron fields.
       * @param {(number | CronChars)[]} input - The cron fields values
       * @static
       * @returns {FieldRange[]} - The compacted cron fields
       */
      static compactField(input) {
        if (input.length === 0) {
          return [];
        }
        const output = [];
        let current = void 0;
        input.forEach((item, i, arr) => {
          if (current === void 0) {
            current = { start: item, count: 1 };
            return;
          }
          const prevItem = arr[i - 1] || current.start;
          const nextItem = arr[i + 1];
          if (item === "L" || item === "W") {
            output.push(current);
            output.push({ start: item, count: 1 });
            current = void 0;
            return;
          }
          if (current.step === void 0 && nextItem !== void 0) {
            const step = item - prevItem;
            const nextStep = nextItem - item;
            if (step <= nextStep) {
              current = { ...current, count: 2, end: item, step };
              return;
            }
            current.step = 1;
          }
          if (item - (current.end ?? 0) === current.step) {
            current.count++;
            current.end = item;
          } else {
            if (current.count === 1) {
              output.push({ start: current.start, count: 1 });
            } else if (current.count === 2) {
              output.push({ start: current.start, count: 1 });
              output.push({
                start: current.end ?? /* istanbul ignore next - see above */
                prevItem,
                count: 1
              });
            } else {
              output.push(current);
            }
            current = { start: item, count: 1 };
          }
        });
        if (current) {
          output.push(current);
        }
        return output;
      }
      /**
       * Handles a single range.
       * @param {CronField} field - The cron field to stringify
       * @param {FieldRange} range {start: number, end: number, step: number, count: number} The range to handle.
       * @param {number} max The maximum value for the field.
       * @returns {string | null} The stringified range or null if it cannot be stringified.
       * @private
       */
      static #handleSingleRange(field2, range, max) {
        const step = range.step;
        if (!step) {
          return null;
        }
        if (step === 1 && range.start === field2.min && range.end && range.end >= max) {
          const isDayField = field2 instanceof fields_1.CronDayOfMonth || field2 instanceof fields_1.CronDayOfWeek;
          if (isDayField && !field2.isWildcard) {
            return null;
          }
          return field2.hasQuestionMarkChar ? "?" : "*";
        }
        if (step !== 1 && range.start === field2.min && range.end && range.end >= max - step + 1) {
          return `*/${step}`;
        }
        return null;
      }
      /**
       * Handles multiple ranges.
       * @param {FieldRange} range {start: number, end: number, step: number, count: number} The range to handle.
       * @returns {string} The stringified range.
       * @private
       */
      static #handleMultipleRanges(range) {
        const step = range.step;
        if (step === 1) {
          return `${range.start}-${range.end}`;
        }
        const multiplier = range.start === 0 ? range.count - 1 : range.count;
        if (!step) {
          throw new Error("Unexpected range step");
        }
        if (!range.end) {
          throw new Error("Unexpected range end");
        }
        if (step * multiplier > range.end) {
          const mapFn = (_, index) => {
            if (typeof range.start !== "number") {
              throw new Error("Unexpected range start");
            }
            return index % step === 0 ? range.start + index : null;
          };
          if (typeof range.start !== "number") {
            throw new Error("Unexpected range start");
          }
          const seed = { length: range.end - range.start + 1 };
          return Array.from(seed, mapFn).filter((value) => value !== null).join(",");
        }
        return `${range.start}-${range.end}/${step}`;
      }
      /**
       * Returns a string representation of the cron fields.
       * @param {CronField} field - The cron field to stringify
       * @static
       * @returns {string} - The stringified cron field
       */
      stringifyField(field2) {
        let max = field2.max;
        let values = field2.values;
        if (field2 instanceof fields_1.CronDayOfWeek) {
          max = 6;
          const dayOfWeek = this.#dayOfWeek.values;
          values = dayOfWeek[dayOfWeek.length - 1] === 7 ? dayOfWeek.slice(0, -1) : dayOfWeek;
        }
        if (field2 instanceof fields_1.CronDayOfMonth) {
          max = this.#month.values.length === 1 ? fields_1.CronMonth.daysInMonth[this.#month.values[0] - 1] : field2.max;
        }
        const ranges = _CronFieldCollection.compactField(values);
        if (ranges.length === 1) {
          const singleRangeResult = _CronFieldCollection.#handleSingleRange(field2, ranges[0], max);
          if (singleRangeResult) {
            return singleRangeResult;
          }
        }
        return ranges.map((range) => {
          const value = range.count === 1 ? range.start.toString() : _CronFieldCollection.#handleMultipleRanges(range);
          if (field2 instanceof fields_1.CronDayOfWeek && field2.nthDay > 0) {
            return `${value}#${field2.nthDay}`;
          }
          return value;
        }).join(",");
      }
      /**
       * Returns a string representation of the cron field values.
       * @param {boolean} includeSeconds - Whether to include seconds in the output
       * @returns {string} The formatted cron string
       */
      stringify(includeSeconds = false) {
        const arr = [];
        if (includeSeconds) {
          arr.push(this.stringifyField(this.#second));
        }
        arr.push(
          this.stringifyField(this.#minute),
          // minute
          this.stringifyField(this.#hour),
          // hour
          this.stringifyField(this.#dayOfMonth),
          // dayOfMonth
          this.stringifyField(this.#month),
          // month
          this.stringifyField(this.#dayOfWeek)
        );
        return arr.join(" ");
      }
      /**
       * Returns a serialized representation of the cron fields values.
       * @returns {SerializedCronFields} An object containing the cron field values
       */
      serialize() {
        return {
          second: this.#second.serialize(),
          minute: this.#minute.serialize(),
          hour: this.#hour.serialize(),
          dayOfMonth: this.#dayOfMonth.serialize(),
          month: this.#month.serialize(),
          dayOfWeek: this.#dayOfWeek.serialize()
        };
      }
    };
    exports.CronFieldCollection = CronFieldCollection;
  }
});

// node_modules/cron-parser/dist/CronExpression.js
var require_CronExpression = __commonJS({
  "node_modules/cron-parser/dist/CronExpression.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronExpression = exports.LOOPS_LIMIT_EXCEEDED_ERROR_MESSAGE = exports.TIME_SPAN_OUT_OF_BOUNDS_ERROR_MESSAGE = void 0;
    var CronDate_1 = require_CronDate();
    exports.TIME_SPAN_OUT_OF_BOUNDS_ERROR_MESSAGE = "Out of the time span range";
    exports.LOOPS_LIMIT_EXCEEDED_ERROR_MESSAGE = "Invalid expression, loop limit exceeded";
    var LOOP_LIMIT = 1e4;
    var CronExpression = class _CronExpression {
      #options;
      #tz;
      #initialDate;
      #currentDate;
      #startDate;
      #endDate;
      #fields;
      #dstTransitionDayKey = null;
      #isDstTransitionDay = false;
      /**
       * Creates a new CronExpression instance.
       *
       * @param {CronFieldCollection} fields - Cron fields.
       * @param {CronExpressionOptions} options - Parser options.
       */
      constructor(fields, options) {
        this.#options = options;
        this.#tz = options.tz;
        this.#startDate = options.startDate != null ? new CronDate_1.CronDate(options.startDate, this.#tz) : null;
        this.#endDate = options.endDate != null ? new CronDate_1.CronDate(options.endDate, this.#tz) : null;
        let currentDateValue = options.currentDate ?? options.startDate;
        if (currentDateValue != null) {
          const tempCurrentDate = new CronDate_1.CronDate(currentDateValue, this.#tz);
          if (this.#startDate && tempCurrentDate.getTime() < this.#startDate.getTime()) {
            currentDateValue = this.#startDate;
          } else if (this.#endDate && tempCurrentDate.getTime() > this.#endDate.getTime()) {
            currentDateValue = this.#endDate;
          }
        }
        this.#initialDate = new CronDate_1.CronDate(currentDateValue, this.#tz);
        this.#currentDate = this.#initialDate;
        this.#fields = fields;
      }
      /**
       * Getter for the cron fields.
       *
       * @returns {CronFieldCollection} Cron fields.
       */
      get fields() {
        return this.#fields;
      }
      /**
       * Converts cron fields back to a CronExpression instance.
       *
       * @public
       * @param {Record<string, number[]>} fields - The input cron fields object.
       * @param {CronExpressionOptions} [options] - Optional parsing options.
       * @returns {CronExpression} - A new CronExpression instance.
       */
      static fieldsToExpression(fields, options) {
        return new _CronExpression(fields, options || {});
      }
      /**
       * Checks if the given value matches any element in the sequence.
       *
       * @param {number} value - The value to be matched.
       * @param {number[]} sequence - The sequence to be checked against.
       * @returns {boolean} - True if the value matches an element in the sequence; otherwise, false.
       * @memberof CronExpression
       * @private
       */
      static #matchSchedule(value, sequence) {
        return sequence.some((element) => element === value);
      }
      /**
       * Returns the minimum or maximum value from the given array of numbers.
       *
       * @param {number[]} values - An array of numbers.
       * @param {boolean} reverse - If true, returns the maximum value; otherwise, returns the minimum value.
       * @returns {number} - The minimum or maximum value.
       */
      #getMinOrMax(values, reverse) {
        return values[reverse ? values.length - 1 : 0];
      }
      /**
       * Checks whether the given date falls on a DST transition day in its timezone.
       *
       * This is used to disable certain “direct set” fast paths on DST days, because setting the hour
       * directly may land on a non-existent or repeated local time. We cache the result per calendar day
       * to keep iteration overhead low.
       *
       * @param {CronDate} currentDate - Date to check (in the cron timezone)
       * @returns {boolean} True when the day has a DST transition
       * @private
       */
      #checkDstTransition(currentDate) {
        const key = `${currentDate.getFullYear()}-${currentDate.getMonth() + 1}-${currentDate.getDate()}`;
        if (this.#dstTransitionDayKey === key) {
          return this.#isDstTransitionDay;
        }
        const startOfDay = new CronDate_1.CronDate(currentDate);
        startOfDay.setStartOfDay();
        const endOfDay = new CronDate_1.CronDate(currentDate);
        endOfDay.setEndOfDay();
        this.#dstTransitionDayKey = key;
        this.#isDstTransitionDay = startOfDay.getUTCOffset() !== endOfDay.getUTCOffset();
        return this.#isDstTransitionDay;
      }
      /**
       * Moves the date to the next/previous allowed second value. If there is no remaining allowed second
       * within the current minute, rolls to the next/previous minute and resets seconds to the min/max allowed.
       *
       * @param {CronDate} currentDate - Mutable date being iterated
       * @param {DateMathOp} dateMathVerb - Add/Subtract depending on direction
       * @param {boolean} reverse - When true, iterating backwards
       * @private
       */
      #moveToNextSecond(currentDate, dateMathVerb, reverse) {
        const seconds = this.#fields.second.values;
        const currentSecond = currentDate.getSeconds();
        const nextSecond = this.#fields.second.findNearestValue(currentSecond, reverse);
        if (nextSecond !== null) {
          currentDate.setSeconds(nextSecond);
          return;
        }
        currentDate.applyDateOperation(dateMathVerb, CronDate_1.TimeUnit.Minute, this.#fields.hour.values.length);
        currentDate.setSeconds(this.#getMinOrMax(seconds, reverse));
      }
      /**
       * Moves the date to the next/previous allowed minute value and resets seconds to the min/max allowed.
       * If there is no remaining allowed minute within the current hour, rolls to the next/previous hour and
       * resets minutes/seconds to their extrema.
       *
       * @param {CronDate} currentDate - Mutable date being iterated
       * @param {DateMathOp} dateMathVerb - Add/Subtract depending on direction
       * @param {boolean} reverse - When true, iterating backwards
       * @private
       */
      #moveToNextMinute(currentDate, dateMathVerb, reverse) {
        const minutes = this.#fields.minute.values;
        const seconds = this.#fields.second.values;
        const currentMinute = currentDate.getMinutes();
        const nextMinute = this.#fields.minute.findNearestValue(currentMinute, reverse);
        if (nextMinute !== null) {
          currentDate.setMinutes(nextMinute);
          currentDate.setSeconds(this.#getMinOrMax(seconds, reverse));
          return;
        }
        currentDate.applyDateOperation(dateMathVerb, CronDate_1.TimeUnit.Hour, this.#fields.hour.values.length);
        currentDate.setMinutes(this.#getMinOrMax(minutes, reverse));
        currentDate.setSeconds(this.#getMinOrMax(seconds, reverse));
      }
      /**
       * Determines if the current date matches the last specified weekday of the month.
       *
       * @param {Array<(number|string)>} expressions - An array of expressions containing weekdays and "L" for the last weekday.
       * @param {CronDate} currentDate - The current date object.
       * @returns {boolean} - True if the current date matches the last specified weekday of the month; otherwise, false.
       * @memberof CronExpression
       * @private
       */
      static #isLastWeekdayOfMonthMatch(expressions, currentDate) {
        if (!currentDate.isLastWeekdayOfMonth()) {
          return false;
        }
        const day = currentDate.getDay();
        return expressions.some((expression) => day === parseInt(expression.toString().charAt(0), 10) % 7);
      }
      /**
       * Determines if the current date matches the nth occurrence of a weekday in the month.
       *
       * @param {number} nthDay - The nth occurrence (1-5) from a `#` expression; values <= 0 mean no nth constraint.
       * @param {CronDate} currentDate - The current date object.
       * @returns {boolean} - True if there is no nth constraint, or the current date is the nth occurrence of its weekday; otherwise, false.
       * @memberof CronExpression
       * @private
       */
      static #isNthWeekdayOfMonthMatch(nthDay, currentDate) {
        return nthDay <= 0 || Math.ceil(currentDate.getDate() / 7) === nthDay;
      }
      /**
       * Find the next scheduled date based on the cron expression.
       * @returns {CronDate} - The next scheduled date or an ES6 compatible iterator object.
       * @memberof CronExpression
       * @public
       */
      next() {
        return this.#findSchedule();
      }
      /**
       * Find the previous scheduled date based on the cron expression.
       * @returns {CronDate} - The previous scheduled date or an ES6 compatible iterator object.
       * @memberof CronExpression
       * @public
       */
      prev() {
        return this.#findSchedule(true);
      }
      /**
       * Check if there is a next scheduled date based on the current date and cron expression.
       * @returns {boolean} - Returns true if there is a next scheduled date, false otherwise.
       * @memberof CronExpression
       * @public
       */
      hasNext() {
        const current = this.#currentDate;
        try {
          this.#findSchedule();
          return true;
        } catch {
          return false;
        } finally {
          this.#currentDate = current;
        }
      }
      /**
       * Check if there is a previous scheduled date based on the current date and cron expression.
       * @returns {boolean} - Returns true if there is a previous scheduled date, false otherwise.
       * @memberof CronExpression
       * @public
       */
      hasPrev() {
        const current = this.#currentDate;
        try {
          this.#findSchedule(true);
          return true;
        } catch {
          return false;
        } finally {
          this.#currentDate = current;
        }
      }
      /**
       * Iterate over a specified number of steps and optionally execute a callback function for each step.
       * @param {number} steps - The number of steps to iterate. Positive value iterates forward, negative value iterates backward.
       * @returns {CronDate[]} - An array of iterator fields or CronDate objects.
       * @memberof CronExpression
       * @public
       */
      take(limit) {
        const items = [];
        if (limit >= 0) {
          for (let i = 0; i < limit; i++) {
            try {
              items.push(this.next());
            } catch {
              return items;
            }
          }
        } else {
          for (let i = 0; i > limit; i--) {
            try {
              items.push(this.prev());
            } catch {
              return items;
            }
          }
        }
        return items;
      }
      /**
       * Reset the iterator to a new date or its initial date after applying the configured range.
       * @param {Date | CronDate} [newDate] - Optional new date to reset to. If not provided, it will reset to the initial date.
       * @memberof CronExpression
       * @public
       */
      reset(newDate) {
        this.#currentDate = newDate ? new CronDate_1.CronDate(newDate, this.#tz) : this.#initialDate;
      }
      /**
       * Generate a string representation of the cron expression.
       * @param {boolean} [includeSeconds=false] - Whether to include the seconds field in the string representation.
       * @returns {string} - The string representation of the cron expression.
       * @memberof CronExpression
       * @public
       */
      stringify(includeSeconds = false) {
        return this.#fields.stringify(includeSeconds);
      }
      /**
       * Check if the cron expression includes the given date
       * @param {Date|CronDate} date
       * @returns {boolean}
       */
      includesDate(date) {
        const { second, minute, hour, month } = this.#fields;
        const dt = new CronDate_1.CronDate(date, this.#tz);
        if (!second.values.includes(dt.getSeconds()) || !minute.values.includes(dt.getMinutes()) || !hour.values.includes(dt.getHours()) || !month.values.includes(dt.getMonth() + 1)) {
          return false;
        }
        if (!this.#matchDayOfMonth(dt)) {
          return false;
        }
        return true;
      }
      /**
       * Returns the string representation of the cron expression.
       * @returns {CronDate} - The next schedule date.
       */
      toString() {
        return this.#options.expression || this.stringify(true);
      }
      /**
       * Determines if the given date matches the cron expression's day of month and day of week fields.
       *
       * The function checks the following rules:
       * Rule 1: If both "day of month" and "day of week" are restricted (not wildcard), then one or both must match the current day.
       * Rule 2: If "day of month" is restricted and "day of week" is not restricted, then "day of month" must match the current day.
       * Rule 3: If "day of month" is a wildcard, "day of week" is not a wildcard, and "day of week" matches the current day, then the match is accepted.
       * In all rules, a "day of week" match also honors an nth-occurrence (`#`) constraint (e.g. `5#3` = the 3rd Friday) and the last-weekday (`L`) form.
       * If none of the rules match, the match is rejected.
       *
       * @param {CronDate} currentDate - The current date to be evaluated against the cron expression.
       * @returns {boolean} Returns true if the current date matches the cron expression's day of month and day of week fields, otherwise false.
       * @memberof CronExpression
       * @private
       */
      #matchDayOfMonth(currentDate) {
        const isDayOfMonthWildcardMatch = this.#fields.dayOfMonth.isWildcard;
        const isRestrictedDayOfMonth = !isDayOfMonthWildcardMatch;
        const isDayOfWeekWildcardMatch = this.#fields.dayOfWeek.isWildcard;
        const isRestrictedDayOfWeek = !isDayOfWeekWildcardMatch;
        const matchedDOM = _CronExpression.#matchSchedule(currentDate.getDate(), this.#fields.dayOfMonth.values) || this.#fields.dayOfMonth.hasLastChar && currentDate.isLastDayOfMonth();
        const nthDay = this.#fields.dayOfWeek.nthDay;
        const matchedDOW = _CronExpression.#matchSchedule(currentDate.getDay(), this.#fields.dayOfWeek.values) && _CronExpression.#isNthWeekdayOfMonthMatch(nthDay, currentDate) || this.#fields.dayOfWeek.hasLastChar && _CronExpression.#isLastWeekdayOfMonthMatch(this.#fields.dayOfWeek.values, currentDate);
        if (isRestrictedDayOfMonth && isRestrictedDayOfWeek && (matchedDOM || matchedDOW)) {
          return true;
        }
        if (matchedDOM && !isRestrictedDayOfWeek) {
          return true;
        }
        if (isDayOfMonthWildcardMatch && !isDayOfWeekWildcardMatch && matchedDOW) {
          return true;
        }
        return false;
      }
      /**
       * Determines if the current hour matches the cron expression.
       *
       * @param {CronDate} currentDate - The current date object.
       * @param {DateMathOp} dateMathVerb - The date math operation enumeration value.
       * @param {boolean} reverse - A flag indicating whether the matching should be done in reverse order.
       * @returns {boolean} - True if the current hour matches the cron expression; otherwise, false.
       */
      #matchHour(currentDate, dateMathVerb, reverse) {
        const hourValues = this.#fields.hour.values;
        const hours = hourValues;
        const currentHour = currentDate.getHours();
        const isMatch = _CronExpression.#matchSchedule(currentHour, hourValues);
        const isDstEnd = currentDate.dstEnd === currentHour;
        if (currentDate.dstStart !== null && currentDate.dstStartLandingHour === currentHour) {
          for (let skipped = currentDate.dstStart; skipped !== currentHour; skipped = (skipped + 1) % 24) {
            if (_CronExpression.#matchSchedule(skipped, hourValues)) {
              return true;
            }
          }
        }
        if (isDstEnd && !reverse) {
          currentDate.dstEnd = null;
          currentDate.applyDateOperation(CronDate_1.DateMathOp.Add, CronDate_1.TimeUnit.Hour, hours.length);
          return false;
        }
        if (isMatch) {
          return true;
        }
        currentDate.clearDstStart();
        const nextHour = this.#fields.hour.findNearestValue(currentHour, reverse);
        if (nextHour === null) {
          currentDate.applyDateOperation(dateMathVerb, CronDate_1.TimeUnit.Day, hours.length);
          return false;
        }
        if (this.#checkDstTransition(currentDate)) {
          const steps = reverse ? currentHour - nextHour : nextHour - currentHour;
          for (let i = 0; i < steps; i++) {
            currentDate.applyDateOperation(dateMathVerb, CronDate_1.TimeUnit.Hour, hours.length);
            if (!reverse && currentDate.getHours() >= nextHour)
              break;
            if (reverse && currentDate.getHours() <= nextHour)
              break;
          }
        } else {
          currentDate.setHours(nextHour);
        }
        currentDate.setMinutes(this.#getMinOrMax(this.#fields.minute.values, reverse));
        currentDate.setSeconds(this.#getMinOrMax(this.#fields.second.values, reverse));
        return false;
      }
      /**
       * Validates the current date against the start and end dates of the cron expression.
       * If the current date is outside the specified time span, an error is thrown.
       *
       * @param currentDate {CronDate} - The current date to validate.
       * @throws {Error} If the current date is outside the specified time span.
       * @private
       */
      #validateTimeSpan(currentDate) {
        if (!this.#startDate && !this.#endDate) {
          return;
        }
        const currentTime = currentDate.getTime();
        if (this.#startDate && currentTime < this.#startDate.getTime()) {
          throw new Error(exports.TIME_SPAN_OUT_OF_BOUNDS_ERROR_MESSAGE);
        }
        if (this.#endDate && currentTime > this.#endDate.getTime()) {
          throw new Error(exports.TIME_SPAN_OUT_OF_BOUNDS_ERROR_MESSAGE);
        }
      }
      /**
       * Finds the next or previous schedule based on the cron expression.
       *
       * @param {boolean} [reverse=false] - If true, finds the previous schedule; otherwise, finds the next schedule.
       * @returns {CronDate} - The next or previous schedule date.
       * @private
       */
      #findSchedule(reverse = false) {
        const dateMathVerb = reverse ? CronDate_1.DateMathOp.Subtract : CronDate_1.DateMathOp.Add;
        const currentDate = new CronDate_1.CronDate(this.#currentDate);
        const startTimestamp = currentDate.getTime();
        if (currentDate.getMilliseconds() > 0) {
          currentDate.setMilliseconds(0);
          if (!reverse) {
            currentDate.applyDateOperation(CronDate_1.DateMathOp.Add, CronDate_1.TimeUnit.Second, this.#fields.hour.values.length);
          }
        }
        let stepCount = 0;
        while (++stepCount < LOOP_LIMIT) {
          this.#validateTimeSpan(currentDate);
          if (!_CronExpression.#matchSchedule(currentDate.getMonth() + 1, this.#fields.month.values)) {
            currentDate.applyDateOperation(dateMathVerb, CronDate_1.TimeUnit.Month, this.#fields.hour.values.length);
            continue;
          }
          if (!this.#matchDayOfMonth(currentDate)) {
            currentDate.applyDateOperation(dateMathVerb, CronDate_1.TimeUnit.Day, this.#fields.hour.values.length);
            continue;
          }
          if (!this.#matchHour(currentDate, dateMathVerb, reverse)) {
            continue;
          }
          if (!_CronExpression.#matchSchedule(currentDate.getMinutes(), this.#fields.minute.values)) {
            this.#moveToNextMinute(currentDate, dateMathVerb, reverse);
            continue;
          }
          if (!_CronExpression.#matchSchedule(currentDate.getSeconds(), this.#fields.second.values)) {
            this.#moveToNextSecond(currentDate, dateMathVerb, reverse);
            continue;
          }
          if (startTimestamp === currentDate.getTime()) {
            currentDate.applyDateOperation(dateMathVerb, CronDate_1.TimeUnit.Second, this.#fields.hour.values.length);
            continue;
          }
          break;
        }
        if (stepCount >= LOOP_LIMIT) {
          throw new Error(exports.LOOPS_LIMIT_EXCEEDED_ERROR_MESSAGE);
        }
        this.#currentDate = currentDate;
        return currentDate;
      }
      /**
       * Returns an iterator for iterating through future CronDate instances
       *
       * @name Symbol.iterator
       * @memberof CronExpression
       * @returns {Iterator<CronDate>} An iterator object for CronExpression that returns CronDate values.
       */
      [Symbol.iterator]() {
        return {
          next: () => {
            try {
              const schedule2 = this.#findSchedule();
              return { value: schedule2, done: false };
            } catch {
              return { value: void 0, done: true };
            }
          }
        };
      }
    };
    exports.CronExpression = CronExpression;
    exports.default = CronExpression;
  }
});

// node_modules/cron-parser/dist/utils/random.js
var require_random = __commonJS({
  "node_modules/cron-parser/dist/utils/random.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.seededRandom = seededRandom;
    function xfnv1a(str) {
      let h = 2166136261 >>> 0;
      for (let i = 0; i < str.length; i++) {
        h ^= str.charCodeAt(i);
        h = Math.imul(h, 16777619);
      }
      return () => h >>> 0;
    }
    function mulberry32(seed) {
      return () => {
        let t = seed += 1831565813;
        t = Math.imul(t ^ t >>> 15, t | 1);
        t ^= t + Math.imul(t ^ t >>> 7, t | 61);
        return ((t ^ t >>> 14) >>> 0) / 4294967296;
      };
    }
    function seededRandom(str) {
      const seed = str ? xfnv1a(str)() : Math.floor(Math.random() * 1e10);
      return mulberry32(seed);
    }
  }
});

// node_modules/cron-parser/dist/CronExpressionParser.js
var require_CronExpressionParser = __commonJS({
  "node_modules/cron-parser/dist/CronExpressionParser.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronExpressionParser = exports.DayOfWeek = exports.Months = exports.CronUnit = exports.PredefinedExpressions = void 0;
    var CronFieldCollection_1 = require_CronFieldCollection();
    var CronExpression_1 = require_CronExpression();
    var random_1 = require_random();
    var fields_1 = require_fields();
    var PredefinedExpressions;
    (function(PredefinedExpressions2) {
      PredefinedExpressions2["@yearly"] = "0 0 0 1 1 *";
      PredefinedExpressions2["@annually"] = "0 0 0 1 1 *";
      PredefinedExpressions2["@monthly"] = "0 0 0 1 * *";
      PredefinedExpressions2["@weekly"] = "0 0 0 * * 0";
      PredefinedExpressions2["@daily"] = "0 0 0 * * *";
      PredefinedExpressions2["@hourly"] = "0 0 * * * *";
      PredefinedExpressions2["@minutely"] = "0 * * * * *";
      PredefinedExpressions2["@secondly"] = "* * * * * *";
      PredefinedExpressions2["@weekdays"] = "0 0 0 * * 1-5";
      PredefinedExpressions2["@weekends"] = "0 0 0 * * 0,6";
    })(PredefinedExpressions || (exports.PredefinedExpressions = PredefinedExpressions = {}));
    var CronUnit;
    (function(CronUnit2) {
      CronUnit2["Second"] = "Second";
      CronUnit2["Minute"] = "Minute";
      CronUnit2["Hour"] = "Hour";
      CronUnit2["DayOfMonth"] = "DayOfMonth";
      CronUnit2["Month"] = "Month";
      CronUnit2["DayOfWeek"] = "DayOfWeek";
    })(CronUnit || (exports.CronUnit = CronUnit = {}));
    var Months;
    (function(Months2) {
      Months2[Months2["jan"] = 1] = "jan";
      Months2[Months2["feb"] = 2] = "feb";
      Months2[Months2["mar"] = 3] = "mar";
      Months2[Months2["apr"] = 4] = "apr";
      Months2[Months2["may"] = 5] = "may";
      Months2[Months2["jun"] = 6] = "jun";
      Months2[Months2["jul"] = 7] = "jul";
      Months2[Months2["aug"] = 8] = "aug";
      Months2[Months2["sep"] = 9] = "sep";
      Months2[Months2["oct"] = 10] = "oct";
      Months2[Months2["nov"] = 11] = "nov";
      Months2[Months2["dec"] = 12] = "dec";
    })(Months || (exports.Months = Months = {}));
    var DayOfWeek;
    (function(DayOfWeek2) {
      DayOfWeek2[DayOfWeek2["sun"] = 0] = "sun";
      DayOfWeek2[DayOfWeek2["mon"] = 1] = "mon";
      DayOfWeek2[DayOfWeek2["tue"] = 2] = "tue";
      DayOfWeek2[DayOfWeek2["wed"] = 3] = "wed";
      DayOfWeek2[DayOfWeek2["thu"] = 4] = "thu";
      DayOfWeek2[DayOfWeek2["fri"] = 5] = "fri";
      DayOfWeek2[DayOfWeek2["sat"] = 6] = "sat";
    })(DayOfWeek || (exports.DayOfWeek = DayOfWeek = {}));
    var MAX_FIELD_VALUES = 256;
    var MAX_EXPRESSION_LENGTH = 1024;
    var CronExpressionParser2 = class _CronExpressionParser {
      /**
       * Parses a cron expression and returns a CronExpression object.
       * @param {string} expression - The cron expression to parse.
       * @param {CronExpressionOptions} [options={}] - The options to use when parsing the expression.
       * @param {boolean} [options.strict=false] - If true, will throw an error if the expression contains both dayOfMonth and dayOfWeek, or a hashed range or step the field cannot satisfy.
       * @param {CronDate} [options.currentDate=new CronDate(undefined, 'UTC')] - The date to use when calculating the next/previous occurrence.
       *
       * @returns {CronExpression} A CronExpression object.
       */
      static parse(expression, options = {}) {
        const { strict = false, hashSeed } = options;
        const rand = (0, random_1.seededRandom)(hashSeed);
        if (Object.hasOwn(PredefinedExpressions, expression)) {
          expression = PredefinedExpressions[expression];
        }
        const rawFields = _CronExpressionParser.#getRawFields(expression, strict);
        if (!(rawFields.dayOfMonth === "*" || rawFields.dayOfWeek === "*" || !strict)) {
          throw new Error("Cannot use both dayOfMonth and dayOfWeek together in strict mode!");
        }
        const second = _CronExpressionParser.#parseField(CronUnit.Second, rawFields.second, fields_1.CronSecond.constraints, rand, strict);
        const minute = _CronExpressionParser.#parseField(CronUnit.Minute, rawFields.minute, fields_1.CronMinute.constraints, rand, strict);
        const hour = _CronExpressionParser.#parseField(CronUnit.Hour, rawFields.hour, fields_1.CronHour.constraints, rand, strict);
        const month = _CronExpressionParser.#parseField(CronUnit.Month, rawFields.month, fields_1.CronMonth.constraints, rand, strict);
        const dayOfMonth = _CronExpressionParser.#parseField(CronUnit.DayOfMonth, rawFields.dayOfMonth, fields_1.CronDayOfMonth.constraints, rand, strict);
        const { dayOfWeek: _dayOfWeek, nthDayOfWeek } = _CronExpressionParser.#parseNthDay(rawFields.dayOfWeek);
        const dayOfWeek = _CronExpressionParser.#parseField(CronUnit.DayOfWeek, _dayOfWeek, fields_1.CronDayOfWeek.constraints, rand, strict);
        const fields = new CronFieldCollection_1.CronFieldCollection({
          second: new fields_1.CronSecond(second, { rawValue: rawFields.second }),
          minute: new fields_1.CronMinute(minute, { rawValue: rawFields.minute }),
          hour: new fields_1.CronHour(hour, { rawValue: rawFields.hour }),
          dayOfMonth: fields_1.CronDayOfMonth.fromMonth(month, dayOfMonth, { rawValue: rawFields.dayOfMonth }),
          month: new fields_1.CronMonth(month, { rawValue: rawFields.month }),
          dayOfWeek: new fields_1.CronDayOfWeek(dayOfWeek, { rawValue: rawFields.dayOfWeek, nthDayOfWeek })
        });
        return new CronExpression_1.CronExpression(fields, { ...options, expression });
      }
      /**
       * Get the raw fields from a cron expression.
       * @param {string} expression - The cron expression to parse.
       * @param {boolean} strict - If true, will throw an error if the expression contains both dayOfMonth and dayOfWeek.
       * @private
       * @returns {RawCronFields} The raw fields.
       */
      static #getRawFields(expression, strict) {
        if (strict && !expression.length) {
          throw new Error("Invalid cron expression");
        }
        expression = expression || "0 * * * * *";
        if (expression.length > MAX_EXPRESSION_LENGTH) {
          throw new Error(`Invalid cron expression, too long, expected at most ${MAX_EXPRESSION_LENGTH} characters`);
        }
        const atoms = expression.trim().split(/\s+/);
        if (strict && atoms.length < 6) {
          throw new Error("Invalid cron expression, expected 6 fields");
        }
        if (atoms.length > 6) {
          throw new Error("Invalid cron expression, too many fields");
        }
        const defaults = ["0", "*", "*", "*", "*", "*"];
        if (atoms.length < defaults.length) {
          atoms.unshift(...defaults.slice(0, defaults.length - atoms.length));
        }
        const [second, minute, hour, dayOfMonth, month, dayOfWeek] = atoms;
        return { second, minute, hour, dayOfMonth, month, dayOfWeek };
      }
      /**
       * Parse a field from a cron expression.
       * @param {CronUnit} field - The field to parse.
       * @param {string} value - The value of the field.
       * @param {CronConstraints} constraints - The constraints for the field.
       * @param {PRNG} rand - The random number generator to use.
       * @param {boolean} strict - If true, will throw an error on an unusable hashed range or step.
       * @private
       * @returns {(number | string)[]} The parsed field.
       */
      static #parseField(field2, value, constraints, rand, strict) {
        if (field2 === CronUnit.Month || field2 === CronUnit.DayOfWeek) {
          const aliases = field2 === CronUnit.Month ? Months : DayOfWeek;
          value = value.replace(/[a-z]{3}/gi, (match) => {
            match = match.toLowerCase();
            const replacer = aliases[match];
            if (replacer === void 0) {
              throw new Error(`Validation error, cannot resolve alias "${match}"`);
            }
            return replacer.toString();
          });
        }
        if (!constraints.validChars.test(value)) {
          throw new Error(`Invalid characters, got value: ${value}`);
        }
        value = this.#parseWildcard(value, constraints);
        value = this.#parseHashed(value, constraints, rand, field2, strict);
        return this.#parseSequence(field2, value, constraints);
      }
      /**
       * Parse a wildcard from a cron expression.
       * @param {string} value - The value to parse.
       * @param {CronConstraints} constraints - The constraints for the field.
       * @private
       */
      static #parseWildcard(value, constraints) {
        const parsed = value.replace(/(^|,)[*?](?=\/|,|$)/g, (_, separator) => `${separator}${constraints.min}-${constraints.max}`);
        if (/[*?]/.test(parsed)) {
          throw new Error(`Invalid wildcard, got value: ${value}`);
        }
        return parsed;
      }
      /**
       * Parse a hashed value from a cron expression.
       * @param {string} value - The value to parse.
       * @param {CronConstraints} constraints - The constraints for the field.
       * @param {PRNG} rand - The random number generator to use.
       * @param {CronUnit} field - The field being parsed, used when reporting an unusable range or step.
       * @param {boolean} strict - If true, will throw an error on an unusable hashed range or step.
       * @private
       */
      static #parseHashed(value, constraints, rand, field2, strict) {
        const randomValue = rand();
        let count = 0;
        return value.replace(/H(?:\((\d+)-(\d+)\))?(?:\/(\d+))?/g, (_, min, max, step) => {
          if (min && max && step) {
            const minNum = parseInt(min, 10);
            const maxNum = parseInt(max, 10);
            const stepNum = parseInt(step, 10);
            if (stepNum <= 0) {
              throw new Error(`Invalid step: ${stepNum}, must be positive`);
            }
            const range = _CronExpressionParser.#hashedRange(minNum, maxNum, constraints, field2, strict);
            count += Math.ceil((range.max - range.min + 1) / stepNum);
            _CronExpressionParser.#assertMaxFieldValues(field2, count);
            return _CronExpressionParser.#hashedStep(randomValue, range.min, range.max, stepNum, field2, strict);
          } else if (min && max) {
            const minNum = parseInt(min, 10);
            const maxNum = parseInt(max, 10);
            const range = _CronExpressionParser.#hashedRange(minNum, maxNum, constraints, field2, strict);
            return String(_CronExpressionParser.#hashedValue(randomValue, range.min, range.max));
          } else if (step) {
            const stepNum = parseInt(step, 10);
            if (stepNum <= 0) {
              throw new Error(`Invalid step: ${stepNum}, must be positive`);
            }
            count += Math.ceil((constraints.max - constraints.min + 1) / stepNum);
            _CronExpressionParser.#assertMaxFieldValues(field2, count);
            return _CronExpressionParser.#hashedStep(randomValue, constraints.min, constraints.max, stepNum, field2, strict);
          } else {
            return String(_CronExpressionParser.#hashedValue(randomValue, constraints.min, constraints.max));
          }
        });
      }
      /**
       * Pick a single hashed value within an inclusive range.
       * @param {number} randomValue - The seeded random value in [0, 1).
       * @param {number} min - Lowest value that may be picked.
       * @param {number} max - Highest value that may be picked.
       * @private
       */
      static #hashedValue(randomValue, min, max) {
        return Math.floor(randomValue * (max - min + 1)) + min;
      }
      /**
       * Name a field the way the expression object does, rather than the Pascal case of CronUnit.
       * @param {CronUnit} field - The field to name.
       * @private
       */
      static #fieldName(field2) {
        return field2.charAt(0).toLowerCase() + field2.slice(1);
      }
      /**
       * Narrow an explicit hashed range to the values the field can hold, so that values are only
       * ever drawn from the range a step is measured against. In strict mode a bound outside the
       * field constraints is rejected instead of clamped, which keeps the range reported in the
       * error the one that was written.
       * @param {number} min - Lowest value the expression asks for.
       * @param {number} max - Highest value the expression asks for.
       * @param {CronConstraints} constraints - The constraints for the field.
       * @param {CronUnit} field - The field being parsed, used when reporting an unusable range.
       * @param {boolean} strict - If true, will throw an error on a range outside the constraints.
       * @private
       */
      static #hashedRange(min, max, constraints, field2, strict) {
        if (min > max) {
          throw new Error(`Invalid range: ${min}-${max}, min > max`);
        }
        if (strict && (min < constraints.min || max > constraints.max)) {
          throw new Error(`Invalid range: ${min}-${max}, outside the ${constraints.min}-${constraints.max} range of the ${_CronExpressionParser.#fieldName(field2)} field`);
        }
        const rangeMin = Math.max(min, constraints.min);
        const rangeMax = Math.min(max, constraints.max);
        if (rangeMin > rangeMax) {
          throw new Error(`Invalid range: ${min}-${max}, no usable value in the ${_CronExpressionParser.#fieldName(field2)} field`);
        }
        return { min: rangeMin, max: rangeMax };
      }
      /**
       * Build the hashed values of a stepped range, offset from the start of the step by the seeded
       * jitter. A step wider than the range leaves no step-aligned value inside it, so a single
       * hashed occurrence within the range is used instead of an empty field, or in strict mode the
       * expression is rejected as unsatisfiable.
       * @param {number} randomValue - The seeded random value in [0, 1).
       * @param {number} min - Lowest value the range allows.
       * @param {number} max - Highest value the range allows.
       * @param {number} step - The step between values, already validated as positive.
       * @param {CronUnit} field - The field being parsed, used when reporting an unusable step.
       * @param {boolean} strict - If true, will throw an error on a step wider than its range.
       * @private
       */
      static #hashedStep(randomValue, min, max, step, field2, strict) {
        if (strict && step > max - min + 1) {
          throw new Error(`Invalid step: ${step}, wider than the ${min}-${max} range of the ${_CronExpressionParser.#fieldName(field2)} field`);
        }
        const offset = Math.floor(randomValue * step);
        const values = [];
        for (let i = Math.floor(min / step) * step + offset; i <= max; i += step) {
          if (i >= min) {
            values.push(i);
          }
        }
        if (values.length === 0) {
          return String(_CronExpressionParser.#hashedValue(randomValue, min, max));
        }
        return values.join(",");
      }
      /**
       * Throw once a field has expanded to more than MAX_FIELD_VALUES values.
       * @param {CronUnit} field - The field being parsed.
       * @param {number} count - The number of values collected so far.
       * @private
       */
      static #assertMaxFieldValues(field2, count) {
        if (count > MAX_FIELD_VALUES) {
          throw new Error(`Constraint error, too many values in ${field2} field, expected at most ${MAX_FIELD_VALUES}`);
        }
      }
      /**
       * Parse a sequence from a cron expression.
       * @param {CronUnit} field - The field to parse.
       * @param {string} val - The sequence to parse.
       * @param {CronConstraints} constraints - The constraints for the field.
       * @private
       */
      static #parseSequence(field2, val, constraints) {
        const stack = [];
        function handleResult(result2, constraints2) {
          if (Array.isArray(result2)) {
            stack.push(...result2);
          } else {
            if (_CronExpressionParser.#isValidConstraintChar(constraints2, result2)) {
              stack.push(result2);
            } else {
              const v = parseInt(result2.toString(), 10);
              const isValid = v >= constraints2.min && v <= constraints2.max;
              if (!isValid) {
                throw new Error(`Constraint error, got value ${result2} expected range ${constraints2.min}-${constraints2.max}`);
              }
              stack.push(field2 === CronUnit.DayOfWeek ? v % 7 : result2);
            }
          }
        }
        const atoms = val.split(",");
        for (const atom of atoms) {
          _CronExpressionParser.#assertMaxFieldValues(field2, stack.length);
          if (!(atom.length > 0)) {
            throw new Error("Invalid list value format");
          }
          handleResult(_CronExpressionParser.#parseRepeat(field2, atom, constraints), constraints);
        }
        return stack;
      }
      /**
       * Parse repeat from a cron expression.
       * @param {CronUnit} field - The field to parse.
       * @param {string} val - The repeat to parse.
       * @param {CronConstraints} constraints - The constraints for the field.
       * @private
       * @returns {(number | string)[]} The parsed repeat.
       */
      static #parseRepeat(field2, val, constraints) {
        const atoms = val.split("/");
        if (atoms.length > 2) {
          throw new Error(`Invalid repeat: ${val}`);
        }
        if (atoms.length === 2) {
          if (!atoms[0].includes("-")) {
            atoms[0] = `${atoms[0]}-${constraints.max}`;
          }
          return _CronExpressionParser.#parseRange(field2, atoms[0], +atoms[1], constraints);
        }
        return _CronExpressionParser.#parseRange(field2, val, 1, constraints);
      }
      /**
       * Validate a cron range.
       * @param {number} min - The minimum value of the range.
       * @param {number} max - The maximum value of the range.
       * @param {CronConstraints} constraints - The constraints for the field.
       * @private
       * @returns {void}
       * @throws {Error} Throws an error if the range is invalid.
       */
      static #validateRange(min, max, constraints) {
        const isValid = !isNaN(min) && !isNaN(max) && min >= constraints.min && max <= constraints.max;
        if (!isValid) {
          throw new Error(`Constraint error, got range ${min}-${max} expected range ${constraints.min}-${constraints.max}`);
        }
        if (min > max) {
          throw new Error(`Invalid range: ${min}-${max}, min(${min}) > max(${max})`);
        }
      }
      /**
       * Validate a cron repeat interval.
       * @param {number} repeatInterval - The repeat interval to validate.
       * @private
       * @returns {void}
       * @throws {Error} Throws an error if the repeat interval is invalid.
       */
      static #validateRepeatInterval(repeatInterval) {
        if (!(!isNaN(repeatInterval) && repeatInterval > 0)) {
          throw new Error(`Constraint error, cannot repeat at every ${repeatInterval} time.`);
        }
      }
      /**
       * Create a range from a cron expression.
       * @param {CronUnit} field - The field to parse.
       * @param {number} min - The minimum value of the range.
       * @param {number} max - The maximum value of the range.
       * @param {number} repeatInterval - The repeat interval of the range.
       * @private
       * @returns {number[]} The created range.
       */
      static #createRange(field2, min, max, repeatInterval) {
        const stack = [];
        if (field2 === CronUnit.DayOfWeek && max % 7 === 0 && (max - min) % repeatInterval === 0) {
          stack.push(0);
        }
        for (let index = min; index <= max; index += repeatInterval) {
          if (stack.indexOf(index) === -1) {
            stack.push(index);
          }
        }
        return stack;
      }
      /**
       * Parse a range from a cron expression.
       * @param {CronUnit} field - The field to parse.
       * @param {string} val - The range to parse.
       * @param {number} repeatInterval - The repeat interval of the range.
       * @param {CronConstraints} constraints - The constraints for the field.
       * @private
       * @returns {number[] | string[] | number | string} The parsed range.
       */
      static #parseRange(field2, val, repeatInterval, constraints) {
        const atoms = val.split("-");
        if (atoms.length <= 1) {
          return isNaN(+val) ? val : +val;
        }
        if (atoms.length > 2) {
          throw new Error(`Invalid range: ${val}`);
        }
        const [min, max] = atoms.map((atom) => /^\d+$/.test(atom) ? +atom : NaN);
        this.#validateRange(min, max, constraints);
        this.#validateRepeatInterval(repeatInterval);
        return this.#createRange(field2, min, max, repeatInterval);
      }
      /**
       * Parse a cron expression.
       * @param {string} val - The cron expression to parse.
       * @private
       * @returns {string} The parsed cron expression.
       */
      static #parseNthDay(val) {
        const atoms = val.split("#");
        if (atoms.length <= 1) {
          return { dayOfWeek: atoms[0] };
        }
        const nthValue = +atoms[atoms.length - 1];
        const matches = val.match(/([,\-/L])/);
        if (matches !== null) {
          throw new Error(`Constraint error, invalid dayOfWeek \`#\` and \`${matches?.[0]}\` special characters are incompatible`);
        }
        if (!(atoms.length <= 2 && !isNaN(nthValue) && nthValue >= 1 && nthValue <= 5)) {
          throw new Error("Constraint error, invalid dayOfWeek occurrence number (#)");
        }
        return { dayOfWeek: atoms[0], nthDayOfWeek: nthValue };
      }
      /**
       * Checks if a character is valid for a field.
       * @param {CronConstraints} constraints - The constraints for the field.
       * @param {string | number} value - The value to check.
       * @private
       * @returns {boolean} Whether the character is valid for the field.
       */
      static #isValidConstraintChar(constraints, value) {
        return constraints.chars.some((char) => value.toString().includes(char));
      }
    };
    exports.CronExpressionParser = CronExpressionParser2;
  }
});

// node_modules/cron-parser/dist/CronFileParser.js
var require_CronFileParser = __commonJS({
  "node_modules/cron-parser/dist/CronFileParser.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronFileParser = void 0;
    var CronExpressionParser_1 = require_CronExpressionParser();
    var CronFileParser = class _CronFileParser {
      /**
       * Parse a crontab file asynchronously
       * @param filePath Path to crontab file
       * @returns Promise resolving to parse results
       * @throws If file cannot be read
       */
      static async parseFile(filePath) {
        const { readFile } = __require("fs/promises");
        const data = await readFile(filePath, "utf8");
        return _CronFileParser.#parseContent(data);
      }
      /**
       * Parse a crontab file synchronously
       * @param filePath Path to crontab file
       * @returns Parse results
       * @throws If file cannot be read
       */
      static parseFileSync(filePath) {
        const { readFileSync: readFileSync6 } = __require("fs");
        const data = readFileSync6(filePath, "utf8");
        return _CronFileParser.#parseContent(data);
      }
      /**
       * Internal method to parse crontab file content
       * @private
       */
      static #parseContent(data) {
        const blocks = data.split("\n");
        const result2 = {
          variables: {},
          expressions: [],
          errors: {}
        };
        for (const block of blocks) {
          const entry = block.trim();
          if (entry.length === 0 || entry.startsWith("#")) {
            continue;
          }
          const variableMatch = entry.match(/^([^\s=]+)\s*=\s*(.*)$/);
          if (variableMatch) {
            const [, key, value] = variableMatch;
            Object.defineProperty(result2.variables, key, {
              value: value.replace(/^(["'])(.*)\1$/, "$2"),
              // Remove one matching pair of quotes around the value
              enumerable: true,
              writable: true,
              configurable: true
            });
            continue;
          }
          try {
            const parsedEntry = _CronFileParser.#parseEntry(entry);
            result2.expressions.push(parsedEntry.interval);
          } catch (err) {
            Object.defineProperty(result2.errors, entry, {
              value: err,
              enumerable: true,
              writable: true,
              configurable: true
            });
          }
        }
        return result2;
      }
      /**
       * Parse a single crontab entry
       * @private
       */
      static #parseEntry(entry) {
        const atoms = entry.split(/\s+/);
        const scheduleLength = atoms[0].startsWith("@") ? 1 : 5;
        return {
          interval: CronExpressionParser_1.CronExpressionParser.parse(atoms.slice(0, scheduleLength).join(" ")),
          command: atoms.slice(scheduleLength, atoms.length)
        };
      }
    };
    exports.CronFileParser = CronFileParser;
  }
});

// node_modules/cron-parser/dist/index.js
var require_dist2 = __commonJS({
  "node_modules/cron-parser/dist/index.js"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __exportStar = exports && exports.__exportStar || function(m, exports2) {
      for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports2, p)) __createBinding(exports2, m, p);
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CronFileParser = exports.CronExpressionParser = exports.CronExpression = exports.CronFieldCollection = exports.CronDate = void 0;
    var CronExpressionParser_1 = require_CronExpressionParser();
    var CronDate_1 = require_CronDate();
    Object.defineProperty(exports, "CronDate", { enumerable: true, get: function() {
      return CronDate_1.CronDate;
    } });
    var CronFieldCollection_1 = require_CronFieldCollection();
    Object.defineProperty(exports, "CronFieldCollection", { enumerable: true, get: function() {
      return CronFieldCollection_1.CronFieldCollection;
    } });
    var CronExpression_1 = require_CronExpression();
    Object.defineProperty(exports, "CronExpression", { enumerable: true, get: function() {
      return CronExpression_1.CronExpression;
    } });
    var CronExpressionParser_2 = require_CronExpressionParser();
    Object.defineProperty(exports, "CronExpressionParser", { enumerable: true, get: function() {
      return CronExpressionParser_2.CronExpressionParser;
    } });
    var CronFileParser_1 = require_CronFileParser();
    Object.defineProperty(exports, "CronFileParser", { enumerable: true, get: function() {
      return CronFileParser_1.CronFileParser;
    } });
    __exportStar(require_fields(), exports);
    exports.default = CronExpressionParser_1.CronExpressionParser;
  }
});

// src/sources/config.ts
var import_ajv = __toESM(require_ajv(), 1);

// schema/config.schema.json
var config_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://github.com/karpenter-plan/karpenter-plan/schema/config.schema.json",
  title: "karpenter-plan configuration (.karpenter-plan.yaml)",
  type: "object",
  additionalProperties: false,
  properties: {
    manifests: {
      description: "Globs (relative to each state's root) of the YAML files to read. Hidden folders and the config file itself are skipped.",
      type: "array",
      items: {
        type: "string"
      },
      default: [
        "**/*.yaml",
        "**/*.yml"
      ]
    },
    exclude: {
      description: "Globs of files never read as manifests (values files are excluded automatically).",
      type: "array",
      items: {
        type: "string"
      },
      default: []
    },
    values: {
      description: "Helm values adapters for an organisation chart that templates NodePools and EC2NodeClasses from values. Files of one adapter are layered in order (later wins).",
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: [
          "files"
        ],
        properties: {
          files: {
            type: "array",
            items: {
              type: "string"
            },
            minItems: 1
          },
          layout: {
            enum: [
              "map",
              "list",
              "spec"
            ],
            default: "map"
          },
          nodePools: {
            type: "string",
            default: "nodePool"
          },
          nodeClasses: {
            type: "string",
            default: "nodeClass"
          },
          nodeOverlays: {
            type: "string",
            default: "nodeOverlay"
          }
        }
      }
    },
    charts: {
      description: "Charts rendered with `helm template` for each state.",
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: [
          "path"
        ],
        properties: {
          path: {
            type: "string"
          },
          values: {
            type: "array",
            items: {
              type: "string"
            },
            default: []
          },
          releaseName: {
            type: "string",
            default: "karpenter-plan"
          },
          namespace: {
            type: "string",
            default: "default"
          },
          fallbackValues: {
            type: "integer",
            minimum: 0,
            description: "Index into `values` of the adapter to use when helm is not available."
          }
        }
      }
    },
    helm: {
      type: "object",
      additionalProperties: false,
      properties: {
        binary: {
          type: "string",
          default: "helm"
        }
      }
    },
    controller: {
      type: "object",
      additionalProperties: false,
      properties: {
        values: {
          type: "string",
          description: "The karpenter chart's values file, read from each state."
        },
        settings: {
          type: "object",
          description: "Same shape as the chart's `settings`; overrides the values file."
        }
      }
    },
    region: {
      type: "string",
      pattern: "^[a-z]{2}(-gov|-iso[a-z]?)?-[a-z]+-[0-9]$"
    },
    zones: {
      type: "array",
      items: {
        type: "string"
      }
    },
    catalog: {
      type: "string",
      description: "A catalog file made by `karpenter-plan catalog refresh`."
    },
    spotPriceFactor: {
      type: "number",
      exclusiveMinimum: 0,
      maximum: 1,
      default: 0.35
    },
    reservations: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: [
          "id",
          "instanceType",
          "zone"
        ],
        properties: {
          id: {
            type: "string"
          },
          instanceType: {
            type: "string"
          },
          zone: {
            type: "string"
          },
          count: {
            type: "integer",
            minimum: 0,
            default: 1
          },
          type: {
            enum: [
              "default",
              "capacity-block"
            ],
            default: "default"
          },
          tags: {
            type: "object",
            additionalProperties: {
              type: "string"
            }
          }
        }
      }
    },
    workloads: {
      description: "Extra workloads to place, in a compact form.",
      type: "array",
      items: {
        type: "object",
        required: [
          "name"
        ],
        properties: {
          name: {
            type: "string"
          },
          namespace: {
            type: "string"
          },
          replicas: {
            type: "integer",
            minimum: 0
          },
          requests: {
            type: "object"
          },
          nodeSelector: {
            type: "object",
            additionalProperties: {
              type: "string"
            }
          },
          tolerations: {
            type: "array"
          },
          affinity: {
            type: "object"
          }
        }
      }
    },
    probes: {
      type: "boolean",
      default: true,
      description: "Add default probe pods when a state has no workloads."
    },
    fleet: {
      type: "array",
      items: {
        type: "string"
      }
    },
    cluster: {
      description: "Read the fleet from a live cluster (read-only list of NodeClaims and Nodes). Used when no fleet snapshot is given.",
      type: "object",
      additionalProperties: false,
      properties: {
        kubeconfig: {
          type: "string"
        },
        context: {
          type: "string"
        }
      }
    },
    policy: {
      type: "object",
      additionalProperties: false,
      properties: {
        failOn: {
          enum: [
            "error",
            "warning",
            "never"
          ],
          default: "error"
        },
        maxReplacedNodes: {
          type: "integer",
          minimum: 0
        },
        maxReplacedPercent: {
          type: "number",
          minimum: 0,
          maximum: 100
        },
        failOnExisting: {
          type: "boolean",
          default: false,
          description: "Also fail on findings that base already had (by default failOn applies to findings this change introduces)."
        }
      }
    },
    assumptions: {
      type: "object",
      additionalProperties: false,
      properties: {
        minutesPerReplacement: {
          type: "number",
          exclusiveMinimum: 0,
          default: 5,
          description: "Launch + initialise + drain of one replacement."
        },
        minutesToInitialize: {
          type: "number",
          exclusiveMinimum: 0,
          default: 2,
          description: "Until the replacement is initialised (it then counts towards percentage budgets)."
        },
        at: {
          type: "string",
          pattern: "^\\d{4}-\\d{2}-\\d{2}T"
        },
        horizonDays: {
          type: "number",
          exclusiveMinimum: 0,
          default: 14
        },
        slowAfterHours: {
          type: "number",
          exclusiveMinimum: 0,
          default: 24
        }
      }
    },
    rules: {
      type: "object",
      additionalProperties: {
        enum: [
          "off",
          "error",
          "warning",
          "info"
        ]
      }
    },
    scenarios: {
      description: "Insufficient-capacity what-if scenarios: offerings matching any entry are unavailable, and the report shows where workloads land instead.",
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: [
          "name",
          "unavailable"
        ],
        properties: {
          name: {
            type: "string"
          },
          unavailable: {
            type: "array",
            minItems: 1,
            items: {
              type: "array",
              items: {
                type: "object",
                required: [
                  "key",
                  "operator"
                ],
                properties: {
                  key: {
                    type: "string"
                  },
                  operator: {
                    enum: [
                      "In",
                      "NotIn",
                      "Exists",
                      "DoesNotExist",
                      "Gt",
                      "Lt",
                      "Gte",
                      "Lte"
                    ]
                  },
                  values: {
                    type: "array",
                    items: {
                      type: "string"
                    }
                  }
                }
              }
            }
          }
        }
      }
    },
    renderTimeoutSeconds: {
      type: "number",
      exclusiveMinimum: 0,
      maximum: 3600,
      default: 60,
      description: "How long a renderer (kustomize, kubectl kustomize, helm) may run before it is stopped and reported."
    },
    ignore: {
      type: "array",
      description: "Findings to silence: a rule (or *), optionally for one kind and name, with a reason. Suppressed findings are counted in the report.",
      items: {
        type: "object",
        additionalProperties: false,
        required: [
          "rule"
        ],
        properties: {
          rule: {
            type: "string"
          },
          kind: {
            type: "string"
          },
          name: {
            type: "string"
          },
          reason: {
            type: "string"
          }
        }
      }
    },
    baseline: {
      type: "string",
      description: "A baseline file written by `karpenter-plan baseline` (default .karpenter-plan-baseline.json at the state's root, when present): findings recorded there are suppressed."
    },
    externalLabels: {
      type: "array",
      items: {
        type: "string"
      },
      description: "Label keys of capacity Karpenter does not manage (managed node groups, Fargate, self-managed groups). Workloads that require one are placed outside Karpenter: listed, not modelled, not findings. eks.amazonaws.com/nodegroup and eks.amazonaws.com/compute-type are always included."
    }
  }
};

// src/sources/config.ts
var CONFIG_FILE = ".karpenter-plan.yaml";
function defaultConfig() {
  return {
    manifests: ["**/*.yaml", "**/*.yml"],
    exclude: [],
    values: [],
    charts: [],
    helm: { binary: "helm" },
    renderTimeoutSeconds: 60,
    controller: {},
    spotPriceFactor: 0.35,
    reservations: [],
    workloads: [],
    probes: true,
    fleet: [],
    policy: { failOn: "error" },
    assumptions: { minutesPerReplacement: 5, minutesToInitialize: 2, horizonDays: 14, slowAfterHours: 24 },
    rules: {},
    ignore: [],
    externalLabels: [],
    scenarios: [],
    file: null
  };
}
var ajv = new import_ajv.Ajv({ allErrors: true, useDefaults: false, strict: false });
var validateSchema = ajv.compile(config_schema_default);
var ConfigError = class extends Error {
};
function parseConfig(file, text, findings) {
  const local = [];
  const doc = parseYamlMapping(file, text, local);
  if (local.length > 0) {
    throw new ConfigError(local.map((f) => `${f.file}:${f.line}: ${f.message}`).join("\n"));
  }
  const cfg = defaultConfig();
  cfg.file = file;
  if (!doc) return cfg;
  const value = doc.value;
  if (!validateSchema(value)) {
    for (const err of validateSchema.errors ?? []) {
      const path = err.instancePath.split("/").slice(1).map((s) => /^\d+$/.test(s) ? Number(s) : s);
      const extra = err.keyword === "additionalProperties" ? ` "${err.params.additionalProperty}"` : "";
      const allowed = err.keyword === "enum" ? `: ${err.params.allowedValues.join(", ")}` : "";
      const pos = doc.source.locate(path);
      findings.push({
        rule: "invalid-config",
        severity: "error",
        file,
        line: pos?.line ?? 1,
        column: pos?.column ?? null,
        object: null,
        message: `config ${err.instancePath || "/"} ${err.message}${extra}${allowed}`
      });
    }
  }
  const v = value;
  if (Array.isArray(v.manifests)) cfg.manifests = v.manifests.map(String);
  if (Array.isArray(v.exclude)) cfg.exclude = v.exclude.map(String);
  if (Array.isArray(v.values)) {
    cfg.values = v.values.filter((a) => a && Array.isArray(a.files)).map((a) => ({
      files: a.files.map(String),
      layout: a.layout ?? "map",
      nodePools: a.nodePools ?? "nodePool",
      nodeClasses: a.nodeClasses ?? "nodeClass",
      nodeOverlays: a.nodeOverlays ?? "nodeOverlay"
    }));
  }
  if (Array.isArray(v.charts)) {
    cfg.charts = v.charts.filter((c) => c && typeof c.path === "string").map((c) => ({
      path: c.path,
      values: (c.values ?? []).map(String),
      releaseName: c.releaseName ?? "karpenter-plan",
      namespace: c.namespace ?? "default",
      ...c.fallbackValues !== void 0 ? { fallbackValues: c.fallbackValues } : {}
    }));
  }
  if (v.helm && typeof v.helm === "object" && typeof v.helm.binary === "string")
    cfg.helm.binary = v.helm.binary;
  if (v.controller && typeof v.controller === "object") cfg.controller = v.controller;
  if (typeof v.renderTimeoutSeconds === "number" && v.renderTimeoutSeconds > 0)
    cfg.renderTimeoutSeconds = Math.min(v.renderTimeoutSeconds, 3600);
  if (typeof v.region === "string") cfg.region = v.region;
  if (Array.isArray(v.zones)) cfg.zones = v.zones.map(String);
  if (typeof v.catalog === "string") cfg.catalog = v.catalog;
  if (typeof v.spotPriceFactor === "number" && v.spotPriceFactor > 0 && v.spotPriceFactor <= 1)
    cfg.spotPriceFactor = v.spotPriceFactor;
  if (Array.isArray(v.reservations)) {
    cfg.reservations = v.reservations.filter((r) => r && r.id && r.instanceType && r.zone).map((r) => ({
      id: String(r.id),
      instanceType: String(r.instanceType),
      zone: String(r.zone),
      count: typeof r.count === "number" ? r.count : 1,
      type: r.type === "capacity-block" ? "capacity-block" : "default",
      ...r.tags ? { tags: r.tags } : {}
    }));
  }
  if (Array.isArray(v.workloads))
    cfg.workloads = v.workloads.filter((w) => w && typeof w === "object");
  if (typeof v.probes === "boolean") cfg.probes = v.probes;
  if (Array.isArray(v.fleet)) cfg.fleet = v.fleet.map(String);
  if (v.cluster && typeof v.cluster === "object") cfg.cluster = v.cluster;
  if (v.policy && typeof v.policy === "object") cfg.policy = { ...cfg.policy, ...v.policy };
  if (v.assumptions && typeof v.assumptions === "object")
    cfg.assumptions = { ...cfg.assumptions, ...v.assumptions };
  if (v.rules && typeof v.rules === "object") cfg.rules = v.rules;
  if (Array.isArray(v.ignore))
    cfg.ignore = v.ignore.filter((i) => i && typeof i.rule === "string");
  if (typeof v.baseline === "string") cfg.baseline = v.baseline;
  if (Array.isArray(v.externalLabels))
    cfg.externalLabels = v.externalLabels.filter((x) => typeof x === "string");
  if (Array.isArray(v.scenarios)) {
    cfg.scenarios = v.scenarios.filter((x) => x && typeof x.name === "string" && Array.isArray(x.unavailable)).map((x) => ({
      name: x.name,
      unavailable: x.unavailable.filter(Array.isArray).map((reqs) => reqs.filter((r) => r && typeof r.key === "string" && typeof r.operator === "string"))
    }));
  }
  return cfg;
}

// src/sources/resolve-config.ts
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
var InputError = class extends Error {
};
var RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;
function checkTime(value, name) {
  if (!RFC3339.test(value) || Number.isNaN(Date.parse(value)))
    throw new InputError(`${name} "${value}" is not an RFC 3339 time with a zone (e.g. 2026-01-05T10:00:00Z)`);
  return value;
}
function checkNonNegative(value, name, max = Number.MAX_SAFE_INTEGER) {
  const n = value.trim() === "" ? NaN : Number(value);
  if (!Number.isFinite(n) || n < 0 || n > max)
    throw new InputError(`${name} must be a number from 0 to ${max}, got "${value}"`);
  return n;
}
var FAIL_ON = ["error", "warning", "never"];
function checkFailOn(value, name) {
  if (!FAIL_ON.includes(value))
    throw new InputError(`${name} must be one of ${FAIL_ON.join(", ")}, got "${value}"`);
  return value;
}
var TRUSTED_KEYS = [
  "helm",
  "cluster",
  "fleet",
  "catalog",
  "policy",
  "rules",
  "exclude",
  "ignore",
  "baseline",
  "renderTimeoutSeconds",
  "externalLabels",
  "assumptions",
  "probes",
  "manifests",
  "scenarios"
];
function resolveConfig(head, cwd, o, trusted) {
  const findings = [];
  let config;
  if (trusted) {
    const path = o.configFile ?? CONFIG_FILE;
    const read = (t, out) => {
      const text = t.read(path);
      return text === null ? defaultConfig() : parseConfig(path, text, out);
    };
    const fromHead = read(head, findings);
    const fromBase = read(trusted, []);
    config = { ...fromHead };
    const deferred = [];
    for (const k of TRUSTED_KEYS) {
      if (JSON.stringify(fromHead[k]) !== JSON.stringify(fromBase[k])) deferred.push(k);
      config[k] = fromBase[k];
    }
    if (deferred.length)
      findings.push({
        rule: "config-change-deferred",
        severity: "info",
        file: path,
        line: null,
        object: null,
        message: `this change edits ${deferred.join(", ")} in ${path}; the check of this pull request uses the base revision's values, and the change takes effect after the merge`
      });
  } else if (o.configFile !== void 0) {
    const file = resolve(cwd, o.configFile);
    if (!existsSync(file)) throw new InputError(`config file ${o.configFile} does not exist`);
    config = parseConfig(o.configFile, readFileSync(file, "utf8"), findings);
  } else {
    const text = head.read(CONFIG_FILE);
    config = text === null ? defaultConfig() : parseConfig(CONFIG_FILE, text, findings);
  }
  if (config.assumptions.at !== void 0 && Number.isNaN(Date.parse(config.assumptions.at))) {
    findings.push({
      rule: "invalid-config",
      severity: "error",
      file: config.file,
      line: null,
      object: null,
      message: `assumptions.at ${JSON.stringify(config.assumptions.at)} is not a time; the rollout starts now instead`
    });
    delete config.assumptions.at;
  }
  if (o.manifests?.length) config.manifests = [...o.manifests];
  if (o.fleet?.length) config.fleet = [...config.fleet, ...o.fleet];
  if (o.catalog !== void 0) config.catalog = o.catalog;
  if (o.cluster) config.cluster = { ...o.cluster };
  if (o.at !== void 0) config.assumptions.at = checkTime(o.at, "at");
  if (o.failOn !== void 0) config.policy.failOn = o.failOn;
  if (o.maxReplacedNodes !== void 0) config.policy.maxReplacedNodes = o.maxReplacedNodes;
  if (o.maxReplacedPercent !== void 0) config.policy.maxReplacedPercent = o.maxReplacedPercent;
  return { config, findings };
}

// src/sources/tree.ts
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync as readFileSync2, realpathSync, statSync } from "node:fs";
import { join, relative, resolve as resolve2, sep } from "node:path";
var SKIP_DIRS = /* @__PURE__ */ new Set(["node_modules", ".git"]);
var DirTree = class {
  constructor(root, label = root) {
    this.root = root;
    this.label = label;
    const st = statSync(root, { throwIfNoEntry: false });
    if (!st || !st.isDirectory()) throw new Error(`${root} is not a directory`);
  }
  root;
  label;
  sha = null;
  committedAt = null;
  files = null;
  list() {
    if (this.files) return this.files;
    const out = [];
    const walk = (dir) => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const full = join(dir, e.name);
        if (e.isDirectory()) {
          if (!SKIP_DIRS.has(e.name)) walk(full);
        } else if (e.isFile()) out.push(relative(this.root, full).split(sep).join("/"));
      }
    };
    walk(this.root);
    this.files = out.sort();
    return this.files;
  }
  /**
   * A regular file inside the root, or null: a path that leaves the root (`../`, an absolute path) or a symlink that
   * resolves outside it is refused, and so are devices and FIFOs.
   */
  read(path) {
    try {
      const full = resolve2(this.rootReal(), path);
      if (!within(this.rootReal(), full)) return null;
      const real = realpathSync(full);
      if (!within(this.rootReal(), real)) return null;
      const st = statSync(real);
      if (!st.isFile() || st.size > MAX_FILE_BYTES) return null;
      return readFileSync2(real, "utf8");
    } catch {
      return null;
    }
  }
  realRoot = null;
  rootReal() {
    this.realRoot ??= realpathSync(this.root);
    return this.realRoot;
  }
};
var MAX_FILE_BYTES = 64 * 1024 * 1024;
function within(root, p) {
  return p === root || p.startsWith(root.endsWith(sep) ? root : root + sep);
}
var GitTree = class {
  constructor(repo, rev, subdir = "") {
    this.repo = repo;
    this.rev = rev;
    this.subdir = subdir;
    const r = spawnSync("git", ["-C", repo, "rev-parse", "--verify", "--quiet", `${rev}^{commit}`], {
      encoding: "utf8"
    });
    if (r.status !== 0)
      throw new Error(
        `git revision "${rev}" not found in ${repo} (a shallow clone? check out with fetch-depth: 0, or git fetch the revision)`
      );
    this.sha = r.stdout.trim();
    this.label = `${rev} (${this.sha.slice(0, 7)})`;
    const t = spawnSync("git", ["-C", repo, "show", "-s", "--format=%cI", this.sha], { encoding: "utf8" });
    this.committedAt = t.status === 0 ? new Date(t.stdout.trim()).toISOString() : null;
  }
  repo;
  rev;
  subdir;
  sha;
  label;
  committedAt;
  files = null;
  cache = /* @__PURE__ */ new Map();
  list() {
    if (this.files) return this.files;
    const args = ["-C", this.repo, "ls-tree", "-r", "-z", "--name-only", this.sha];
    if (this.subdir) args.push("--", this.subdir);
    const outText = execFileSync("git", args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    const prefix = this.subdir ? this.subdir.replace(/\/?$/, "/") : "";
    this.files = outText.split("\0").filter(Boolean).map((p) => prefix && p.startsWith(prefix) ? p.slice(prefix.length) : p).sort();
    return this.files;
  }
  read(path) {
    if (this.cache.has(path)) return this.cache.get(path);
    const full = this.subdir ? `${this.subdir.replace(/\/$/, "")}/${path}` : path;
    const r = spawnSync("git", ["-C", this.repo, "cat-file", "blob", `${this.sha}:${full}`], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024
    });
    const v = r.status === 0 ? r.stdout : null;
    this.cache.set(path, v);
    return v;
  }
  /** Reads many files with one `git cat-file --batch` process. */
  readMany(paths) {
    const todo = paths.filter((p) => !this.cache.has(p));
    if (todo.length === 0) return;
    const prefix = this.subdir ? this.subdir.replace(/\/$/, "") + "/" : "";
    const input = todo.map((p) => `${this.sha}:${prefix}${p}`).join("\n") + "\n";
    const r = spawnSync("git", ["-C", this.repo, "cat-file", "--batch"], { input, maxBuffer: 512 * 1024 * 1024 });
    if (r.status !== 0 || !r.stdout) return;
    const buf = r.stdout;
    let off = 0;
    for (const p of todo) {
      const nl = buf.indexOf(10, off);
      if (nl < 0) break;
      const header = buf.subarray(off, nl).toString("utf8");
      off = nl + 1;
      const m = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
      if (!m) {
        this.cache.set(p, null);
        continue;
      }
      const size = Number(m[2]);
      this.cache.set(p, m[1] === "blob" ? buf.subarray(off, off + size).toString("utf8") : null);
      off += size + 1;
    }
  }
};
function gitTopLevel(dir) {
  const r = spawnSync("git", ["-C", dir, "rev-parse", "--show-toplevel"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}
var TextTree = class {
  constructor(label, files) {
    this.label = label;
    this.files = files;
  }
  label;
  files;
  sha = null;
  committedAt = null;
  list() {
    return [...this.files.keys()].sort();
  }
  read(path) {
    return this.files.get(path) ?? null;
  }
};
var STDIN_FILE = "stdin.yaml";

// src/plan/plan-document.ts
var import_ajv2 = __toESM(require_ajv(), 1);

// schema/plan.schema.json
var plan_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://github.com/karpenter-plan/karpenter-plan/schema/plan.schema.json",
  title: "karpenter-plan JSON plan, schemaVersion 1",
  type: "object",
  required: [
    "schemaVersion",
    "verdict",
    "summary",
    "workloads",
    "nodePools",
    "replacements",
    "findings",
    "kind",
    "changed",
    "verdictDetails",
    "alerts",
    "newlyUnschedulable",
    "nothingEvaluated",
    "base",
    "head",
    "objects",
    "verdictReasons",
    "assumptions",
    "inputs",
    "scenarios",
    "fleet"
  ],
  definitions: {
    placement: {
      type: [
        "object",
        "null"
      ],
      required: [
        "schedulable",
        "nodePool",
        "instanceType",
        "capacityType",
        "pricePerHour",
        "candidates",
        "allocationStrategy",
        "reason"
      ],
      properties: {
        schedulable: {
          type: "boolean"
        },
        nodePool: {
          type: [
            "string",
            "null"
          ]
        },
        instanceType: {
          type: [
            "string",
            "null"
          ]
        },
        capacityType: {
          enum: [
            "on-demand",
            "spot",
            "reserved",
            null
          ]
        },
        pricePerHour: {
          type: [
            "number",
            "null"
          ]
        },
        candidates: {
          type: "integer",
          minimum: 0
        },
        allocationStrategy: {
          type: [
            "string",
            "null"
          ]
        },
        reason: {
          type: [
            "string",
            "null"
          ]
        }
      }
    },
    budget: {
      type: [
        "object",
        "null"
      ],
      required: [
        "reason",
        "allowed",
        "waves",
        "estimatedMinutes",
        "verdict"
      ],
      properties: {
        reason: {
          const: "Drifted"
        },
        allowed: {
          type: [
            "integer",
            "null"
          ]
        },
        waves: {
          type: [
            "integer",
            "null"
          ]
        },
        estimatedMinutes: {
          type: [
            "number",
            "null"
          ]
        },
        verdict: {
          enum: [
            "ok",
            "slow",
            "blocked",
            "unlimited",
            "none"
          ]
        }
      }
    }
  },
  properties: {
    schemaVersion: {
      const: 1
    },
    verdict: {
      enum: [
        "pass",
        "fail"
      ]
    },
    summary: {
      type: "object",
      required: [
        "workloadsChanged",
        "nodesReplaced",
        "nodesRemoved",
        "findings",
        "hourlyCost"
      ],
      properties: {
        workloadsChanged: {
          type: "integer"
        },
        nodesReplaced: {
          type: "integer"
        },
        nodesRemoved: {
          type: "integer"
        },
        findings: {
          type: "object",
          required: [
            "error",
            "warning",
            "info"
          ],
          properties: {
            error: {
              type: "integer"
            },
            warning: {
              type: "integer"
            },
            info: {
              type: "integer"
            }
          }
        },
        hourlyCost: {
          type: "object",
          required: [
            "base",
            "head"
          ],
          properties: {
            base: {
              type: [
                "number",
                "null"
              ]
            },
            head: {
              type: [
                "number",
                "null"
              ]
            }
          }
        }
      }
    },
    workloads: {
      type: "array",
      items: {
        type: "object",
        required: [
          "kind",
          "namespace",
          "name",
          "replicas",
          "base",
          "head",
          "changed"
        ],
        properties: {
          kind: {
            type: "string"
          },
          namespace: {
            type: "string"
          },
          name: {
            type: "string"
          },
          replicas: {
            type: "integer"
          },
          base: {
            $ref: "#/definitions/placement"
          },
          head: {
            $ref: "#/definitions/placement"
          },
          changed: {
            type: "boolean"
          }
        }
      }
    },
    nodePools: {
      type: "array",
      items: {
        type: "object",
        required: [
          "name",
          "change",
          "changedFields",
          "drift",
          "nodes",
          "nodesDrifted",
          "budget"
        ],
        properties: {
          name: {
            type: "string"
          },
          change: {
            enum: [
              "added",
              "removed",
              "modified",
              "unchanged"
            ]
          },
          changedFields: {
            type: "array",
            items: {
              type: "string"
            }
          },
          drift: {
            enum: [
              "none",
              "requirements",
              "static",
              "nodeclass",
              "removed"
            ]
          },
          nodes: {
            type: "integer"
          },
          nodesDrifted: {
            type: "integer"
          },
          budget: {
            $ref: "#/definitions/budget"
          }
        }
      }
    },
    replacements: {
      type: "array",
      items: {
        type: "object",
        required: [
          "nodeClaim",
          "nodePool",
          "instanceType",
          "reason"
        ],
        properties: {
          nodeClaim: {
            type: "string"
          },
          nodePool: {
            type: "string"
          },
          instanceType: {
            type: [
              "string",
              "null"
            ]
          },
          reason: {
            enum: [
              "RequirementsDrifted",
              "NodePoolDrifted",
              "NodeClassDrifted",
              "NodePoolRemoved",
              "Consolidation"
            ]
          }
        }
      }
    },
    findings: {
      type: "array",
      items: {
        type: "object",
        required: [
          "rule",
          "severity",
          "message",
          "file",
          "line",
          "object"
        ],
        properties: {
          rule: {
            type: "string"
          },
          severity: {
            enum: [
              "error",
              "warning",
              "info"
            ]
          },
          message: {
            type: "string"
          },
          file: {
            type: [
              "string",
              "null"
            ]
          },
          line: {
            type: [
              "integer",
              "null"
            ]
          },
          object: {
            type: [
              "string",
              "null"
            ]
          }
        }
      }
    },
    kind: {
      enum: [
        "diff",
        "state"
      ],
      description: "diff: base and head compared; state: one state modelled (simulate, validate)."
    },
    changed: {
      type: "boolean",
      description: "Whether anything Karpenter-relevant changed: objects, placements, replaced or removed nodes."
    },
    verdictDetails: {
      type: "array",
      description: "The verdict's reasons with their codes.",
      items: {
        type: "object",
        required: [
          "code",
          "message"
        ],
        properties: {
          code: {
            enum: [
              "error-findings",
              "warning-findings",
              "workloads-unschedulable",
              "rollout-blocked",
              "max-replaced-nodes",
              "max-replaced-percent"
            ]
          },
          message: {
            type: "string"
          }
        }
      }
    },
    alerts: {
      type: "array",
      description: "What the report shows above the fold.",
      items: {
        type: "object",
        required: [
          "level",
          "code",
          "subjects",
          "count"
        ],
        properties: {
          level: {
            enum: [
              "caution",
              "warning"
            ]
          },
          code: {
            enum: [
              "pool-removed",
              "rollout-blocked",
              "workloads-unschedulable",
              "nodes-replaced",
              "budget-unlimited"
            ]
          },
          subjects: {
            type: "array",
            items: {
              type: "string"
            }
          },
          count: {
            type: "integer",
            minimum: 0
          }
        }
      }
    },
    newlyUnschedulable: {
      type: "array",
      description: "Workloads that base places and head cannot (probe pods excluded).",
      items: {
        type: "object",
        required: [
          "kind",
          "namespace",
          "name"
        ],
        properties: {
          kind: {
            type: "string"
          },
          namespace: {
            type: "string"
          },
          name: {
            type: "string"
          }
        }
      }
    },
    clusters: {
      type: "array",
      description: "Present when the run has several targets (e.g. kustomize overlays): each target with its own plan (null when not affected). The top-level fields combine them.",
      items: {
        type: "object",
        required: [
          "key",
          "source",
          "affected",
          "plan"
        ],
        properties: {
          key: {
            type: "string"
          },
          source: {
            type: "string"
          },
          affected: {
            type: "boolean"
          },
          plan: {
            anyOf: [
              {
                $ref: "#"
              },
              {
                type: "null"
              }
            ]
          }
        }
      }
    },
    nothingEvaluated: {
      type: "boolean",
      description: "No Karpenter object was read in base or head while inputs were left unevaluated (the CLI exits 2)."
    }
  }
};

// src/plan/contract.ts
var SCHEMA_VERSION = 1;

// src/plan/plan-document.ts
var PlanDocumentError = class extends Error {
};
var validator = null;
function parsePlanDocument(file, text) {
  let doc;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new PlanDocumentError(`${file} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  validator ??= new import_ajv2.Ajv({ allErrors: true, strict: false }).compile(plan_schema_default);
  if (!validator(doc)) {
    const errs = (validator.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`.trim());
    throw new PlanDocumentError(
      `${file} is not a karpenter-plan JSON plan (schema/plan.schema.json): ${errs.join("; ")}`
    );
  }
  const plan = doc;
  if (plan.schemaVersion !== SCHEMA_VERSION)
    throw new PlanDocumentError(
      `${file} has schemaVersion ${String(plan.schemaVersion)}; this version reads ${SCHEMA_VERSION}`
    );
  return plan;
}

// src/run/merge.ts
import { existsSync as existsSync2, readdirSync as readdirSync2, readFileSync as readFileSync3, statSync as statSync2 } from "node:fs";
import { join as join2 } from "node:path";

// src/common/findings.ts
function fingerprintOf(f) {
  return `${f.rule}|${f.object ?? f.file ?? ""}|${f.path ?? ""}`;
}
function fingerprints(findings) {
  const seen = /* @__PURE__ */ new Map();
  return findings.map((f) => {
    const fp = fingerprintOf(f);
    const n = (seen.get(fp) ?? 0) + 1;
    seen.set(fp, n);
    return n === 1 ? fp : `${fp}#${n}`;
  });
}
function dottedPath(path) {
  return path.length ? path.join(".") : void 0;
}
function countBySeverity(findings) {
  const out = { error: 0, warning: 0, info: 0 };
  for (const f of findings) out[f.severity]++;
  return out;
}
var SEVERITY_ORDER = { error: 0, warning: 1, info: 2 };
function sortFindings(findings) {
  return findings.sort(
    (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.file ?? "").localeCompare(b.file ?? "") || (a.line ?? 0) - (b.line ?? 0) || a.rule.localeCompare(b.rule)
  );
}
var FindingSink = class {
  constructor(out, source, object) {
    this.out = out;
    this.source = source;
    this.object = object;
  }
  out;
  source;
  object;
  add(rule, severity, message, path = []) {
    const pos = this.source.locate(path);
    const dotted = dottedPath(path);
    this.out.push({
      rule,
      severity,
      message,
      file: pos?.file ?? this.source.file,
      line: pos?.line ?? this.source.line,
      column: pos?.column ?? null,
      object: this.object,
      ...dotted ? { path: dotted } : {}
    });
  }
  error(message, path = [], rule = "invalid-spec") {
    this.add(rule, "error", message, path);
  }
};
function isRenderedSource(file) {
  return file !== null && /^(helm|kustomize):/.test(file);
}
var NO_SUPPRESSIONS = { annotations: /* @__PURE__ */ new Map(), ignore: [], baseline: null };
var IGNORE_ANNOTATION = "karpenter-plan.io/ignore";
function parseIgnoreAnnotation(value) {
  const hash = value.indexOf("#");
  const list = hash >= 0 ? value.slice(0, hash) : value;
  const reason = hash >= 0 ? value.slice(hash + 1).trim() || null : null;
  return {
    rules: new Set(
      list.split(",").map((x) => x.trim()).filter(Boolean)
    ),
    reason
  };
}

// src/plan/targets.ts
function mergeTargetPlans(list, plans) {
  const byKey = new Map(plans.map((p) => [p.target ?? "", p]));
  const targets = list.targets.map((t) => {
    const plan = byKey.get(t.key) ?? null;
    return { key: t.key, source: t.source, affected: t.affected, plan };
  });
  for (const p of plans)
    if (!list.targets.some((t) => t.key === p.target))
      throw new Error(`plan of target "${p.target ?? "(none)"}" is not in the target list`);
  return combineTargets(targets, {
    kind: list.kind,
    base: list.base,
    head: list.head,
    extraFindings: list.findings,
    failOn: list.failOn,
    notes: []
  });
}
function stateFingerprint(st) {
  return JSON.stringify({
    nodePools: st.nodePools.map((x) => x.raw),
    nodeClasses: st.nodeClasses.map((x) => x.raw),
    overlays: st.overlays.map((x) => x.raw),
    workloads: st.workloads.map(({ kind, namespace, name, replicas, pod }) => ({
      kind,
      namespace,
      name,
      replicas,
      pod
    })),
    daemonSets: st.daemonSets.map(({ kind, namespace, name, pod }) => ({ kind, namespace, name, pod })),
    settings: st.settings,
    findings: st.findings.map(({ rule, severity, file, line, message }) => ({ rule, severity, file, line, message }))
  });
}
function combineTargets(targets, input) {
  const planned = targets.filter((t) => t.plan !== null);
  const seen = /* @__PURE__ */ new Set();
  const findings = [];
  for (const f of [...planned.flatMap((t) => t.plan.findings), ...input.extraFindings]) {
    const key = `${f.rule}|${f.file}|${f.line}|${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(f);
  }
  sortFindings(findings);
  const sum = (pick) => planned.reduce((a, t) => a + (pick(t.plan) ?? 0), 0);
  const cost = (side) => {
    const xs = planned.map((t) => t.plan.summary.hourlyCost[side]).filter((x) => x !== null);
    return xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) * 1e6) / 1e6 : null;
  };
  const verdictDetails = planned.flatMap(
    (t) => t.plan.verdictDetails.map((r) => ({ code: r.code, message: `${t.key}: ${r.message}` }))
  );
  const inTargets = new Set(
    planned.flatMap((t) => t.plan.findings.map((f) => `${f.rule}|${f.file}|${f.line}|${f.message}`))
  );
  const own2 = countBySeverity(findings.filter((f) => !inTargets.has(`${f.rule}|${f.file}|${f.line}|${f.message}`)));
  if (input.failOn !== "never" && own2.error > 0)
    verdictDetails.push({ code: "error-findings", message: `${own2.error} error finding(s) of the run` });
  if (input.failOn === "warning" && own2.warning > 0)
    verdictDetails.push({ code: "warning-findings", message: `${own2.warning} warning finding(s) of the run` });
  const alerts = planned.flatMap(
    (t) => t.plan.alerts.map((a) => ({
      ...a,
      subjects: a.subjects.length ? a.subjects.map((s) => `${t.key}: ${s}`) : [t.key]
    }))
  );
  const cautions = alerts.filter((a) => a.level === "caution");
  const assumptions = [...input.notes];
  for (const t of planned) for (const a of t.plan.assumptions) if (!assumptions.includes(a)) assumptions.push(a);
  const files = (side) => [...new Set(planned.flatMap((t) => t.plan.inputs[side].files))].sort();
  const renderers = (side) => [
    ...new Set(planned.flatMap((t) => t.plan.inputs[side].renderers ?? []))
  ];
  return {
    schemaVersion: SCHEMA_VERSION,
    verdict: verdictDetails.length ? "fail" : "pass",
    kind: input.kind,
    changed: targets.some((t) => t.affected && t.plan?.changed),
    verdictDetails,
    alerts: cautions.length ? cautions : alerts,
    newlyUnschedulable: planned.flatMap((t) => t.plan.newlyUnschedulable),
    summary: {
      workloadsChanged: sum((p) => p.summary.workloadsChanged),
      nodesReplaced: sum((p) => p.summary.nodesReplaced),
      nodesRemoved: sum((p) => p.summary.nodesRemoved),
      nodesConsolidated: sum((p) => p.summary.nodesConsolidated),
      findings: countBySeverity(findings),
      newFindings: countBySeverity(findings.filter((f) => f.new !== false)),
      resolvedFindings: sum((p) => p.summary.resolvedFindings),
      suppressedFindings: sum((p) => p.summary.suppressedFindings),
      hourlyCost: { base: cost("base"), head: cost("head") }
    },
    workloads: [],
    nodePools: [],
    replacements: [],
    findings,
    resolvedFindings: planned.flatMap((t) => t.plan.resolvedFindings ?? []),
    suppressedFindings: planned.flatMap((t) => t.plan.suppressedFindings ?? []),
    base: input.base,
    head: input.head,
    objects: [],
    verdictReasons: verdictDetails.map((r) => r.message),
    assumptions,
    inputs: {
      base: { files: files("base"), ignoredKinds: {}, renderers: renderers("base") },
      head: { files: files("head"), ignoredKinds: {}, renderers: renderers("head") }
    },
    scenarios: [],
    fleet: {
      source: "none",
      nodes: 0,
      notes: [],
      composition: { base: {}, head: {} },
      generations: { base: {}, head: {} },
      simulated: { base: [], head: [] }
    },
    // Only when no target at all could be evaluated: unaffected targets were read and rendered.
    nothingEvaluated: planned.length === targets.length && planned.length > 0 && planned.every((t) => t.plan.nothingEvaluated),
    clusters: targets
  };
}

// src/run/merge.ts
var MergeError = class extends Error {
};
function expandPlanFiles(paths) {
  const out = [];
  for (const p of paths) {
    const st = statSync2(p, { throwIfNoEntry: false });
    if (!st) throw new MergeError(`plan file ${p} does not exist`);
    if (st.isDirectory())
      out.push(
        ...readdirSync2(p).filter((f) => f.endsWith(".json")).sort().map((f) => join2(p, f))
      );
    else out.push(p);
  }
  return out;
}
function readTargetList(file) {
  let doc;
  try {
    doc = JSON.parse(readFileSync3(file, "utf8").replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new MergeError(`${file} is not JSON: ${errorMessage(e)}`);
  }
  const l = doc;
  const ok = l && l.schemaVersion === 1 && (l.kind === "diff" || l.kind === "state") && Array.isArray(l.targets) && l.targets.every(
    (t) => t && typeof t.key === "string" && typeof t.source === "string" && typeof t.affected === "boolean"
  ) && Array.isArray(l.findings) && Array.isArray(l.affected) && typeof l.base === "object" && typeof l.head === "object" && (l.failOn === "error" || l.failOn === "warning" || l.failOn === "never");
  if (!ok) throw new MergeError(`${file} is not a target list made by karpenter-plan targets`);
  return l;
}
function mergeFiles(targetsFile, planPaths) {
  const list = readTargetList(targetsFile);
  const paths = list.affected.length ? planPaths : planPaths.filter((p) => existsSync2(p));
  const plans = expandPlanFiles(paths).map((f) => parsePlanDocument(f, readFileSync3(f, "utf8")));
  for (const p of plans) {
    if (p.target === void 0) throw new MergeError("a plan to merge must come from diff --target KEY");
    if (!list.affected.includes(p.target))
      throw new MergeError(`the plan of target "${p.target}" is not among the affected targets of ${targetsFile}`);
  }
  const missing = list.affected.filter((k) => !plans.some((p) => p.target === k));
  if (missing.length) throw new MergeError(`no plan was given for the affected target(s) ${missing.join(", ")}`);
  return mergeTargetPlans(list, plans);
}

// src/sources/baseline.ts
var BASELINE_FILE = ".karpenter-plan-baseline.json";
function readBaseline(tree, config, findings) {
  const file = config.baseline ?? BASELINE_FILE;
  const unreadable = (message) => {
    findings.push({ rule: "unreadable-file", severity: "error", file, line: null, object: null, message });
    return null;
  };
  const text = tree.read(file);
  if (text === null)
    return config.baseline ? unreadable(`the baseline file ${file} named by the config does not exist in ${tree.label}`) : null;
  try {
    const doc = JSON.parse(text.replace(/^\uFEFF/, ""));
    if (doc.schemaVersion !== 1 || !Array.isArray(doc.findings)) throw new Error("not a karpenter-plan baseline");
    return { file, fingerprints: new Set(doc.findings.map((f) => f.fingerprint).filter((f) => typeof f === "string")) };
  } catch (e) {
    return unreadable(`the baseline file ${file} could not be read: ${errorMessage(e)}`);
  }
}

// src/sources/state.ts
var import_picomatch = __toESM(require_picomatch2(), 1);

// src/common/quantity.ts
var BINARY = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60
};
var DECIMAL = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  "": 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18
};
var QUANTITY_RE = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])?)$/;
function parseQuantity(input) {
  if (typeof input === "number") return Number.isFinite(input) ? input : null;
  if (typeof input !== "string") return null;
  const s = input.trim();
  const m = QUANTITY_RE.exec(s);
  if (!m) return null;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return null;
  if (m[2]) return n * 10 ** Number(m[2].slice(1));
  const suffix = m[3] ?? "";
  const mult = BINARY[suffix] ?? DECIMAL[suffix];
  return n * mult;
}
function toModelUnits(name, input) {
  const v = parseQuantity(input);
  if (v === null) return null;
  if (name === "cpu") return Math.ceil(Math.round(v * 1e6) / 1e3);
  return Math.ceil(Math.round(v * 1e3) / 1e3);
}
function parseResourceList(input, onError) {
  const out = {};
  if (!input || typeof input !== "object" || Array.isArray(input)) return out;
  for (const [k, v] of Object.entries(input)) {
    const q = toModelUnits(k, v);
    if (q === null) onError?.(k, v);
    else out[k] = q;
  }
  return out;
}
function addResources(a, b) {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
}

// src/api/nodeselector.ts
var OPERATORS = ["In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt", "Gte", "Lte"];

// src/api/validation.ts
function readRequirements(v, sink, path, ctx) {
  const out = [];
  if (v === void 0 || v === null) return out;
  if (!Array.isArray(v)) {
    sink.error(`${path.join(".")} must be a list of requirements, got ${typeName(v)}`, path);
    return out;
  }
  if (ctx !== "pod" && v.length > 100) {
    sink.error(`${path.join(".")} has ${v.length} requirements; at most 100 are allowed`, path);
  }
  v.forEach((item, i) => {
    const p = [...path, i];
    if (!isObject(item)) {
      sink.error(`${p.join(".")} must be an object with key, operator and values`, p);
      return;
    }
    const req = validateRequirement(item, sink, p, ctx);
    if (req) out.push(req);
  });
  return out;
}
function validateRequirement(item, sink, p, ctx) {
  const where = p.join(".");
  const key = item.key;
  const operator = item.operator;
  if (typeof key !== "string" || key === "") {
    sink.error(`${where}.key is required and must be a string`, [...p, "key"]);
    return null;
  }
  if (typeof operator !== "string") {
    sink.error(`${where}.operator is required and must be one of ${OPERATORS.join(", ")}`, [...p, "operator"]);
    return null;
  }
  let values = [];
  if (item.values !== void 0 && item.values !== null) {
    if (!Array.isArray(item.values)) {
      sink.error(`${where}.values must be a list of strings`, [...p, "values"]);
    } else {
      values = item.values.map((x, j) => {
        if (typeof x !== "string") {
          sink.error(`${where}.values[${j}] must be a string (quote it: "${String(x)}")`, [...p, "values", j]);
        }
        return String(x);
      });
    }
  }
  if (!OPERATORS.includes(operator)) {
    sink.error(
      `${where}.operator "${operator}" is not supported: must be one of ${OPERATORS.join(", ")}` + (operator.toLowerCase() === "in" || operator.toLowerCase() === "notin" ? " (operators are case-sensitive)" : ""),
      [...p, "operator"]
    );
  }
  const nk = normalizeKey(key);
  if (key.length > 316) sink.error(`${where}.key is longer than 316 characters`, [...p, "key"]);
  const keyErr = validateLabelKey(key);
  if (keyErr) sink.error(`${where}.key: ${keyErr}`, [...p, "key"]);
  const domain = labelDomain(nk);
  if (nk === LABEL_HOSTNAME) {
    sink.error(`${where}.key "${key}" is restricted: Karpenter does not allow kubernetes.io/hostname here`, [
      ...p,
      "key"
    ]);
  } else if (nk === LABEL_NODEPOOL && ctx === "nodepool") {
    sink.error(`${where}.key "${key}" is restricted: a NodePool cannot require karpenter.sh/nodepool`, [...p, "key"]);
  } else if (domain.endsWith("karpenter.sh") && nk !== LABEL_CAPACITY_TYPE && nk !== LABEL_NODEPOOL) {
    sink.error(`${where}.key "${key}" is in the restricted karpenter.sh domain`, [...p, "key"]);
  } else if (nk.startsWith(AWS) || domain.endsWith(".karpenter.k8s.aws")) {
    const allow = ctx === "overlay" ? AWS_OVERLAY_ALLOW_LIST : AWS_REQUIREMENT_ALLOW_LIST;
    if (ctx !== "pod" && !allow.has(nk)) {
      sink.error(
        `${where}.key "${key}" is in the restricted karpenter.k8s.aws domain and is not one of its well-known labels`,
        [...p, "key"]
      );
    }
  }
  values.forEach((val, j) => {
    const e = validateLabelValue(val);
    if (e) sink.error(`${where}.values[${j}]: ${e}`, [...p, "values", j]);
  });
  if (operator === "In" && values.length === 0) {
    sink.error(`${where}: operator In requires at least one value`, [...p, "values"]);
  }
  if (operator === "NotIn" && values.length === 0 && ctx !== "nodepool") {
    sink.error(`${where}: operator NotIn requires at least one value`, [...p, "values"]);
  }
  if ((operator === "Exists" || operator === "DoesNotExist") && values.length > 0 && ctx === "pod") {
    sink.error(`${where}: operator ${operator} must not have values`, [...p, "values"]);
  }
  if (["Gt", "Lt", "Gte", "Lte"].includes(operator)) {
    if (values.length !== 1) {
      sink.error(`${where}: operator ${operator} requires exactly one value, got ${values.length}`, [...p, "values"]);
    } else if (!/^\d+$/.test(values[0])) {
      sink.error(`${where}: operator ${operator} requires a non-negative integer value, got "${values[0]}"`, [
        ...p,
        "values",
        0
      ]);
    }
  }
  let minValues;
  if (item.minValues !== void 0 && item.minValues !== null) {
    if (ctx === "overlay") {
      sink.error(`${where}.minValues is not a field of NodeOverlay requirements`, [...p, "minValues"]);
    } else if (typeof item.minValues !== "number" || !Number.isInteger(item.minValues)) {
      sink.error(`${where}.minValues must be an integer`, [...p, "minValues"]);
    } else if (item.minValues < 1 || item.minValues > 50) {
      sink.error(`${where}.minValues must be between 1 and 50, got ${item.minValues}`, [...p, "minValues"]);
      minValues = item.minValues;
    } else {
      minValues = item.minValues;
      if (operator === "In" && values.length < item.minValues) {
        sink.error(`${where}: operator In has ${values.length} value(s), fewer than minValues ${item.minValues}`, [
          ...p,
          "minValues"
        ]);
      }
    }
  }
  if (nk === LABEL_CAPACITY_TYPE && operator === "In" && values.length > 0) {
    const valid = values.filter((x) => CAPACITY_TYPES.includes(x));
    if (valid.length === 0) {
      sink.error(
        `${where}: karpenter.sh/capacity-type values ${JSON.stringify(values)} are all unknown (on-demand, spot, reserved)`,
        [...p, "values"]
      );
    } else if (minValues !== void 0 && valid.length < minValues) {
      sink.error(`${where}: only ${valid.length} valid capacity types, fewer than minValues ${minValues}`, [
        ...p,
        "values"
      ]);
    }
  }
  return { key, operator, values, ...minValues !== void 0 ? { minValues } : {} };
}
var TAINT_EFFECTS = ["NoSchedule", "PreferNoSchedule", "NoExecute"];
function readTaints(v, sink, path) {
  const out = [];
  if (v === void 0 || v === null) return out;
  if (!Array.isArray(v)) {
    sink.error(`${path.join(".")} must be a list of taints`, path);
    return out;
  }
  v.forEach((t, i) => {
    const p = [...path, i];
    if (!isObject(t)) {
      sink.error(`${p.join(".")} must be an object with key and effect`, p);
      return;
    }
    const key = typeof t.key === "string" ? t.key : "";
    if (!key) sink.error(`${p.join(".")}.key is required`, [...p, "key"]);
    else {
      const e = validateLabelKey(key);
      if (e) sink.error(`${p.join(".")}.key: ${e}`, [...p, "key"]);
    }
    const effect = typeof t.effect === "string" ? t.effect : "";
    if (!TAINT_EFFECTS.includes(effect)) {
      sink.error(
        `${p.join(".")}.effect must be one of ${TAINT_EFFECTS.join(", ")}, got ${JSON.stringify(t.effect ?? null)}`,
        [...p, "effect"]
      );
    }
    const value = t.value === void 0 || t.value === null ? void 0 : String(t.value);
    if (value !== void 0) {
      const e = validateLabelValue(value);
      if (e) sink.error(`${p.join(".")}.value: ${e}`, [...p, "value"]);
    }
    if (key) out.push({ key, effect, ...value !== void 0 ? { value } : {} });
  });
  return out;
}
var DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
function objectHeader(kind, raw, source, findings) {
  const meta = isObject(raw.metadata) ? raw.metadata : {};
  const name = typeof meta.name === "string" ? meta.name : "";
  const sink = new FindingSink(findings, source, `${kind}/${name || "?"}`);
  if (!name) {
    sink.error("metadata.name is required", ["metadata"]);
    return null;
  }
  if (name.length > 253 || !DNS1123_SUBDOMAIN.test(name))
    sink.error(
      `metadata.name ${JSON.stringify(name.slice(0, 80))} is not a valid name: at most 253 lowercase letters, digits, '-' and '.', starting and ending with a letter or digit (the API server refuses it)`,
      ["metadata", "name"]
    );
  if (!isObject(raw.spec)) sink.error("spec is required and must be an object", ["spec"]);
  return { name, meta, spec: isObject(raw.spec) ? raw.spec : {}, sink };
}

// src/api/ec2nodeclass.ts
var EC2NODECLASS_API_VERSION = "karpenter.k8s.aws/v1";
var AMI_FAMILIES = ["AL2", "AL2023", "Bottlerocket", "Custom", "Windows2019", "Windows2022", "Windows2025"];
var ALIAS_FAMILIES = {
  al2: "AL2",
  al2023: "AL2023",
  bottlerocket: "Bottlerocket",
  windows2019: "Windows2019",
  windows2022: "Windows2022",
  windows2025: "Windows2025"
};
function parseEC2NodeClass(raw, source, findings) {
  const header = objectHeader("EC2NodeClass", raw, source, findings);
  if (!header) return null;
  const { name, spec, sink } = header;
  for (const key of ["subnetSelectorTerms", "securityGroupSelectorTerms", "amiSelectorTerms"]) {
    const v = spec[key];
    if (v === void 0 || v === null) sink.error(`spec.${key} is required`, ["spec"]);
    else if (!Array.isArray(v)) sink.error(`spec.${key} must be a list, got ${typeName(v)}`, ["spec", key]);
    else if (v.length < 1 || v.length > 30) sink.error(`spec.${key} must have 1 to 30 terms`, ["spec", key]);
  }
  let amiAlias = null;
  let aliasFamily = null;
  if (Array.isArray(spec.amiSelectorTerms)) {
    spec.amiSelectorTerms.forEach((t, i) => {
      if (!isObject(t)) return;
      if (typeof t.alias === "string") {
        amiAlias = t.alias;
        if (spec.amiSelectorTerms.length > 1)
          sink.error("spec.amiSelectorTerms: 'alias' must be the only term", ["spec", "amiSelectorTerms", i]);
        const m = /^([a-z0-9]+)@(.+)$/.exec(t.alias);
        if (!m || !own(ALIAS_FAMILIES, m[1])) {
          sink.error(
            `spec.amiSelectorTerms[${i}].alias "${t.alias}" is invalid: family@version with family al2, al2023, bottlerocket, windows2019, windows2022 or windows2025`,
            ["spec", "amiSelectorTerms", i, "alias"]
          );
        } else {
          aliasFamily = own(ALIAS_FAMILIES, m[1]);
          if (aliasFamily.startsWith("Windows") && m[2] !== "latest")
            sink.error(`spec.amiSelectorTerms[${i}].alias: Windows families only allow @latest`, [
              "spec",
              "amiSelectorTerms",
              i,
              "alias"
            ]);
        }
      }
    });
  }
  let amiFamily = aliasFamily;
  if (spec.amiFamily !== void 0 && spec.amiFamily !== null) {
    if (typeof spec.amiFamily !== "string" || !AMI_FAMILIES.includes(spec.amiFamily)) {
      sink.error(`spec.amiFamily must be one of ${AMI_FAMILIES.join(", ")}`, ["spec", "amiFamily"]);
    } else amiFamily = spec.amiFamily;
  }
  if (!amiFamily && Array.isArray(spec.amiSelectorTerms)) {
    sink.error("spec.amiFamily is required when amiSelectorTerms has no alias", ["spec"]);
  }
  const hasRole = spec.role !== void 0 && spec.role !== null;
  const hasProfile = spec.instanceProfile !== void 0 && spec.instanceProfile !== null;
  if (hasRole === hasProfile) sink.error("spec: exactly one of 'role' or 'instanceProfile' must be set", ["spec"]);
  const kubeletRaw = isObject(spec.kubelet) ? spec.kubelet : {};
  if (spec.kubelet !== void 0 && !isObject(spec.kubelet))
    sink.error("spec.kubelet must be an object", ["spec", "kubelet"]);
  const kubelet = {
    kubeReserved: parseResourceList(
      kubeletRaw.kubeReserved,
      (k) => sink.error(`spec.kubelet.kubeReserved.${k} is not a valid quantity`, ["spec", "kubelet", "kubeReserved", k])
    ),
    systemReserved: parseResourceList(
      kubeletRaw.systemReserved,
      (k) => sink.error(`spec.kubelet.systemReserved.${k} is not a valid quantity`, ["spec", "kubelet", "systemReserved", k])
    ),
    evictionHard: {}
  };
  for (const key of ["maxPods", "podsPerCore"]) {
    const v = kubeletRaw[key];
    if (v === void 0 || v === null) continue;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0)
      sink.error(`spec.kubelet.${key} must be a non-negative integer`, ["spec", "kubelet", key]);
    else kubelet[key] = v;
  }
  if (isObject(kubeletRaw.evictionHard)) {
    for (const [k, v] of Object.entries(kubeletRaw.evictionHard)) kubelet.evictionHard[k] = String(v);
  }
  let rootVolumeBytes = null;
  if (Array.isArray(spec.blockDeviceMappings)) {
    for (const b of spec.blockDeviceMappings) {
      if (!isObject(b) || !isObject(b.ebs)) continue;
      const isRoot = b.rootVolume === true || b.deviceName === "/dev/xvda";
      if (isRoot && b.ebs.volumeSize !== void 0) {
        const size = parseResourceList({ storage: b.ebs.volumeSize }).storage;
        if (size !== void 0) rootVolumeBytes = size;
      }
    }
  }
  const capacityReservationSelectorTerms = Array.isArray(spec.capacityReservationSelectorTerms) ? spec.capacityReservationSelectorTerms.filter(isObject) : [];
  return {
    kind: "EC2NodeClass",
    name,
    amiFamily,
    amiAlias,
    kubelet,
    rootVolumeBytes,
    ...typeof spec.instanceStorePolicy === "string" ? { instanceStorePolicy: spec.instanceStorePolicy } : {},
    capacityReservationSelectorTerms,
    raw,
    source
  };
}

// src/api/nodeoverlay.ts
var NODEOVERLAY_API_VERSION = "karpenter.sh/v1alpha1";
var PRICE_ADJUSTMENT = /^(([+-]{1}(\d*\.?\d+))|(\+{1}\d*\.?\d+%)|(^(-\d{1,2}(\.\d+)?%)$)|(-100%))$/;
var PRICE = /^\d+(\.\d+)?$/;
var WELL_KNOWN_RESOURCES = ["cpu", "memory", "ephemeral-storage", "pods"];
function parseNodeOverlay(raw, source, findings) {
  const before = findings.length;
  const header = objectHeader("NodeOverlay", raw, source, findings);
  if (!header) return null;
  const { name, spec, sink } = header;
  if (spec.requirements === void 0) sink.error("spec.requirements is required", ["spec"]);
  const requirements = readRequirements(spec.requirements, sink, ["spec", "requirements"], "overlay");
  let weight = 0;
  if (spec.weight !== void 0 && spec.weight !== null) {
    if (typeof spec.weight !== "number" || !Number.isInteger(spec.weight))
      sink.error("spec.weight must be an integer", ["spec", "weight"]);
    else {
      if (spec.weight < 1 || spec.weight > 1e4)
        sink.error(`spec.weight must be between 1 and 10000, got ${spec.weight}`, ["spec", "weight"]);
      weight = spec.weight;
    }
  }
  let priceAdjustment;
  if (spec.priceAdjustment !== void 0 && spec.priceAdjustment !== null) {
    const v = spec.priceAdjustment;
    if (typeof v !== "string")
      sink.error(`spec.priceAdjustment must be a string with a sign, like "+20%" (quote it)`, [
        "spec",
        "priceAdjustment"
      ]);
    else if (!PRICE_ADJUSTMENT.test(v)) {
      sink.error(
        `spec.priceAdjustment "${v}" is invalid: it needs a sign (+20%, -0.5, +1.25); negative percentages must be above -100% or exactly -100%`,
        ["spec", "priceAdjustment"]
      );
    } else priceAdjustment = v;
  }
  let price;
  if (spec.price !== void 0 && spec.price !== null) {
    const v = spec.price;
    if (typeof v !== "string" || !PRICE.test(v))
      sink.error(`spec.price ${JSON.stringify(v)} is invalid: an unsigned decimal string like "0.42"`, [
        "spec",
        "price"
      ]);
    else price = v;
  }
  if (spec.price !== void 0 && spec.priceAdjustment !== void 0) {
    sink.error("cannot set both 'price' and 'priceAdjustment'", ["spec", "price"]);
  }
  const capacity = parseResourceList(
    spec.capacity,
    (k, v) => sink.error(`spec.capacity.${k}: ${JSON.stringify(v)} is not a valid quantity`, ["spec", "capacity", k])
  );
  for (const k of Object.keys(capacity)) {
    if (WELL_KNOWN_RESOURCES.includes(k))
      sink.error(`spec.capacity cannot set ${k} (only extended resources)`, ["spec", "capacity", k]);
  }
  return {
    kind: "NodeOverlay",
    name,
    weight,
    requirements,
    ...priceAdjustment !== void 0 ? { priceAdjustment } : {},
    ...price !== void 0 ? { price } : {},
    capacity,
    invalid: findings.length > before,
    raw,
    source
  };
}

// src/common/duration.ts
var UNIT_MS = { h: 36e5, m: 6e4, s: 1e3 };
function parseDurationMs(s) {
  if (!/^([0-9]+(h|m|s))+$/.test(s)) return null;
  let total = 0;
  for (const m of s.matchAll(/([0-9]+)(h|m|s)/g)) total += Number(m[1]) * UNIT_MS[m[2]];
  return total;
}
var NILLABLE_DURATION = /^(([0-9]+(s|m|h))+|Never)$/;
var DURATION = /^([0-9]+(s|m|h))+$/;
var BUDGET_DURATION = /^((([0-9]+(h|m))|([0-9]+h[0-9]+m))(0s)?)$/;

// src/api/nodepool.ts
var NODEPOOL_API_VERSION = "karpenter.sh/v1";
var DISRUPTION_REASONS = ["Underutilized", "Empty", "Drifted"];
function parseNodePool(raw, source, findings) {
  const header = objectHeader("NodePool", raw, source, findings);
  if (!header) return null;
  const { name, meta, spec, sink } = header;
  const template = field(spec, "template", "object", sink, ["spec"]) ?? {};
  const tmeta = field(template, "metadata", "object", sink, ["spec", "template"]) ?? {};
  const tspec = field(template, "spec", "object", sink, ["spec", "template"]) ?? {};
  if (!isObject(spec.template)) sink.error("spec.template is required", ["spec"]);
  let weight = 0;
  const w = spec.weight;
  if (w !== void 0 && w !== null) {
    if (typeof w !== "number" || !Number.isInteger(w))
      sink.error(`spec.weight must be an integer, got ${JSON.stringify(w)}`, ["spec", "weight"]);
    else {
      if (w < 1 || w > 100) sink.error(`spec.weight must be between 1 and 100, got ${w}`, ["spec", "weight"]);
      weight = w;
    }
  }
  let replicas;
  if (spec.replicas !== void 0 && spec.replicas !== null) {
    if (typeof spec.replicas !== "number" || !Number.isInteger(spec.replicas) || spec.replicas < 0) {
      sink.error("spec.replicas must be a non-negative integer", ["spec", "replicas"]);
    } else replicas = spec.replicas;
    if (w !== void 0 && w !== null)
      sink.error("spec.weight cannot be set together with spec.replicas (static NodePool)", ["spec", "weight"]);
  }
  const runtimeErrors = [];
  const labels = stringMap(tmeta.labels, sink, ["spec", "template", "metadata", "labels"]);
  if (Object.keys(labels).length > 100)
    sink.error("spec.template.metadata.labels has more than 100 entries", ["spec", "template", "metadata", "labels"]);
  for (const [k, v] of Object.entries(labels)) {
    const p = ["spec", "template", "metadata", "labels", k];
    const ke = validateLabelKey(k);
    if (ke) sink.error(`template label: ${ke}`, p);
    const ve = validateLabelValue(v);
    if (ve) sink.error(`template label ${k}: ${ve}`, p);
    const domain = labelDomain(k);
    if (k === LABEL_NODEPOOL || k === LABEL_HOSTNAME) {
      sink.error(`template label "${k}" is restricted`, p);
      runtimeErrors.push(`label ${k} is restricted`);
    } else if (domain.endsWith("karpenter.sh") && k !== LABEL_CAPACITY_TYPE) {
      sink.error(`template label "${k}" is in the restricted karpenter.sh domain`, p);
      runtimeErrors.push(`label ${k} is restricted`);
    } else if (k.startsWith(AWS) && !AWS_REQUIREMENT_ALLOW_LIST.has(k)) {
      sink.error(`template label "${k}" is in the restricted karpenter.k8s.aws domain`, p);
      runtimeErrors.push(`label ${k} is restricted`);
    }
  }
  const annotations = stringMap(tmeta.annotations, sink, ["spec", "template", "metadata", "annotations"]);
  const taints = readTaints(tspec.taints, sink, ["spec", "template", "spec", "taints"]);
  const startupTaints = readTaints(tspec.startupTaints, sink, ["spec", "template", "spec", "startupTaints"]);
  const seen = /* @__PURE__ */ new Set();
  [...taints, ...startupTaints].forEach((t) => {
    const k = `${t.key}:${t.effect}`;
    if (seen.has(k)) {
      sink.error(`duplicate taint ${k} across taints and startupTaints (the NodePool is not Ready)`, [
        "spec",
        "template",
        "spec"
      ]);
      runtimeErrors.push(`duplicate taint ${k}`);
    }
    seen.add(k);
  });
  if (tspec.requirements === void 0 && isObject(spec.template)) {
    sink.error("spec.template.spec.requirements is required", ["spec", "template", "spec"]);
  }
  const requirements = readRequirements(
    tspec.requirements,
    sink,
    ["spec", "template", "spec", "requirements"],
    "nodepool"
  );
  let nodeClassRef = null;
  const ref = field(tspec, "nodeClassRef", "object", sink, ["spec", "template", "spec"]);
  if (!ref) {
    if (isObject(spec.template))
      sink.error("spec.template.spec.nodeClassRef is required", ["spec", "template", "spec"]);
  } else {
    const g = ref.group, k = ref.kind, n = ref.name;
    for (const [f, v] of [
      ["group", g],
      ["kind", k],
      ["name", n]
    ]) {
      if (typeof v !== "string" || v === "")
        sink.error(`spec.template.spec.nodeClassRef.${f} is required`, ["spec", "template", "spec", "nodeClassRef"]);
    }
    if (typeof g === "string" && g.includes("/"))
      sink.error('spec.template.spec.nodeClassRef.group must not contain "/"', [
        "spec",
        "template",
        "spec",
        "nodeClassRef",
        "group"
      ]);
    nodeClassRef = { group: String(g ?? ""), kind: String(k ?? ""), name: String(n ?? "") };
  }
  const expireAfter = checkPattern(
    tspec.expireAfter,
    NILLABLE_DURATION,
    sink,
    ["spec", "template", "spec", "expireAfter"],
    "a duration like 720h, or Never"
  ) ?? "720h";
  const terminationGracePeriod = checkPattern(
    tspec.terminationGracePeriod,
    DURATION,
    sink,
    ["spec", "template", "spec", "terminationGracePeriod"],
    "a duration like 24h (Never is not allowed)"
  );
  const limits = parseResourceList(
    spec.limits,
    (k, v) => sink.error(`spec.limits.${k}: ${JSON.stringify(v)} is not a valid quantity`, ["spec", "limits", k])
  );
  if (spec.limits !== void 0 && spec.limits !== null && !isObject(spec.limits))
    sink.error("spec.limits must be a map of quantities", ["spec", "limits"]);
  const disruption = field(spec, "disruption", "object", sink, ["spec"]) ?? {};
  const consolidateAfter = checkPattern(
    disruption.consolidateAfter,
    NILLABLE_DURATION,
    sink,
    ["spec", "disruption", "consolidateAfter"],
    "a duration like 30s, or Never"
  ) ?? "0s";
  let consolidationPolicy = "WhenEmptyOrUnderutilized";
  if (disruption.consolidationPolicy !== void 0) {
    const cp = disruption.consolidationPolicy;
    if (cp !== "WhenEmpty" && cp !== "WhenEmptyOrUnderutilized" && cp !== "Balanced") {
      sink.error(
        `spec.disruption.consolidationPolicy must be WhenEmpty, WhenEmptyOrUnderutilized or Balanced, got ${JSON.stringify(cp)}`,
        ["spec", "disruption", "consolidationPolicy"]
      );
    } else consolidationPolicy = cp;
  }
  const budgetsDefaulted = disruption.budgets === void 0 || disruption.budgets === null;
  const budgets = budgetsDefaulted ? [{ nodes: "10%" }] : readBudgets(disruption.budgets, sink);
  return {
    kind: "NodePool",
    name,
    weight,
    ...replicas !== void 0 ? { replicas } : {},
    labels,
    annotations,
    labelsPresent: isObject(tmeta.labels),
    annotationsPresent: isObject(tmeta.annotations),
    taints,
    startupTaints,
    requirements,
    nodeClassRef,
    expireAfter,
    ...terminationGracePeriod !== void 0 ? { terminationGracePeriod } : {},
    limits,
    consolidationPolicy,
    consolidateAfter,
    budgets,
    budgetsDefaulted,
    deleting: isObject(meta) && meta.deletionTimestamp !== void 0 && meta.deletionTimestamp !== null,
    runtimeErrors,
    raw,
    source
  };
}
var BUDGET_NODES = /^((100|[0-9]{1,2})%|[0-9]+)$/;
var BUDGET_SCHEDULE = /^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))|((.+)\s(.+)\s(.+)\s(.+)\s(.+))$/;
function readBudgets(v, sink) {
  const path = ["spec", "disruption", "budgets"];
  if (!Array.isArray(v)) {
    sink.error("spec.disruption.budgets must be a list", path);
    return [{ nodes: "10%" }];
  }
  if (v.length > 50) sink.error("spec.disruption.budgets has more than 50 entries", path);
  const out = [];
  v.forEach((b, i) => {
    const p = [...path, i];
    if (!isObject(b)) {
      sink.error(`spec.disruption.budgets[${i}] must be an object`, p);
      return;
    }
    let nodes = "10%";
    if (b.nodes === void 0 || b.nodes === null) nodes = "10%";
    else if (typeof b.nodes !== "string")
      sink.error(`spec.disruption.budgets[${i}].nodes must be a string like "10%" or "5" (quote it)`, [...p, "nodes"]);
    else if (!BUDGET_NODES.test(b.nodes))
      sink.error(
        `spec.disruption.budgets[${i}].nodes "${b.nodes}" is invalid: a percentage 0-100% or a non-negative integer`,
        [...p, "nodes"]
      );
    else nodes = b.nodes;
    if (typeof b.nodes === "string" && !BUDGET_NODES.test(b.nodes)) nodes = b.nodes;
    const schedule2 = checkPattern(
      b.schedule,
      BUDGET_SCHEDULE,
      sink,
      [...p, "schedule"],
      "a 5-field cron expression or @daily/@weekly/..."
    );
    const duration = checkPattern(
      b.duration,
      BUDGET_DURATION,
      sink,
      [...p, "duration"],
      "minutes or hours, like 8h or 90m"
    );
    const hasS = b.schedule !== void 0 && b.schedule !== null;
    const hasD = b.duration !== void 0 && b.duration !== null;
    if (hasS !== hasD) {
      sink.error(
        `spec.disruption.budgets[${i}]: schedule and duration must be set together ('schedule' must be set with 'duration')`,
        [...p, hasS ? "schedule" : "duration"]
      );
    }
    let reasons;
    if (b.reasons !== void 0 && b.reasons !== null) {
      if (!Array.isArray(b.reasons))
        sink.error(`spec.disruption.budgets[${i}].reasons must be a list`, [...p, "reasons"]);
      else {
        reasons = [];
        b.reasons.forEach((r, j) => {
          if (!DISRUPTION_REASONS.includes(r)) {
            sink.error(
              `spec.disruption.budgets[${i}].reasons[${j}] must be one of ${DISRUPTION_REASONS.join(", ")}, got ${JSON.stringify(r)}`,
              [...p, "reasons", j]
            );
          } else reasons.push(r);
        });
      }
    }
    out.push({
      nodes,
      ...typeof b.schedule === "string" ? { schedule: schedule2 ?? b.schedule } : {},
      ...typeof b.duration === "string" ? { duration: duration ?? b.duration } : {},
      ...reasons !== void 0 ? { reasons } : {}
    });
  });
  return out;
}
function orderByWeight(pools) {
  return [...pools].sort((a, b) => b.weight - a.weight || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

// src/api/workload.ts
var WORKLOAD_KINDS = [
  "Deployment",
  "StatefulSet",
  "ReplicaSet",
  "Job",
  "CronJob",
  "Pod",
  "DaemonSet"
];
function parseWorkload(kind, raw, source, findings) {
  const meta = isObject(raw.metadata) ? raw.metadata : {};
  const name = typeof meta.name === "string" ? meta.name : "";
  const namespace = typeof meta.namespace === "string" ? meta.namespace : "default";
  const sink = new FindingSink(findings, source, `${kind}/${name || "?"}`);
  if (!name) {
    sink.error("metadata.name is required", ["metadata"]);
    return null;
  }
  const spec = isObject(raw.spec) ? raw.spec : {};
  let podSpec;
  let podPath;
  let replicas = 1;
  switch (kind) {
    case "Pod":
      podSpec = spec;
      podPath = ["spec"];
      break;
    case "CronJob": {
      const jt = isObject(spec.jobTemplate) ? spec.jobTemplate : {};
      const js = isObject(jt.spec) ? jt.spec : {};
      replicas = intOr(js.parallelism, 1);
      const t = isObject(js.template) ? js.template : {};
      podSpec = isObject(t.spec) ? t.spec : void 0;
      podPath = ["spec", "jobTemplate", "spec", "template", "spec"];
      break;
    }
    case "Job":
      replicas = intOr(spec.parallelism, 1);
      podSpec = isObject(spec.template) && isObject(spec.template.spec) ? spec.template.spec : void 0;
      podPath = ["spec", "template", "spec"];
      break;
    default:
      replicas = kind === "DaemonSet" ? 1 : intOr(spec.replicas, 1);
      podSpec = isObject(spec.template) && isObject(spec.template.spec) ? spec.template.spec : void 0;
      podPath = ["spec", "template", "spec"];
  }
  if (!podSpec) {
    sink.error(`${podPath.join(".")} is required (the pod template)`, podPath);
    return null;
  }
  if (replicas < 0) replicas = 0;
  return { kind, namespace, name, replicas, pod: parsePodSpec(podSpec, sink, podPath), source };
}
function intOr(v, d) {
  return typeof v === "number" && Number.isInteger(v) ? v : d;
}
function parsePodSpec(spec, sink, path) {
  const invalid = [];
  const nodeSelector = {};
  if (isObject(spec.nodeSelector)) {
    for (const [k, v] of Object.entries(spec.nodeSelector)) nodeSelector[k] = String(v);
  }
  for (const k of Object.keys(nodeSelector)) {
    if (normalizeKey(k) === LABEL_HOSTNAME) invalid.push(`nodeSelector uses the restricted label ${k}`);
  }
  const affinity = isObject(spec.affinity) ? spec.affinity : {};
  const na = isObject(affinity.nodeAffinity) ? affinity.nodeAffinity : {};
  const requiredTerms = [];
  const req = isObject(na.requiredDuringSchedulingIgnoredDuringExecution) ? na.requiredDuringSchedulingIgnoredDuringExecution : void 0;
  if (req && Array.isArray(req.nodeSelectorTerms)) {
    req.nodeSelectorTerms.forEach((t, i) => {
      const tp = [
        ...path,
        "affinity",
        "nodeAffinity",
        "requiredDuringSchedulingIgnoredDuringExecution",
        "nodeSelectorTerms",
        i
      ];
      if (!isObject(t)) return;
      if (Array.isArray(t.matchFields) && t.matchFields.length > 0)
        invalid.push("a node-selector term uses matchFields");
      const before = sink.out.length;
      const reqs = readRequirements(t.matchExpressions ?? [], sink, [...tp, "matchExpressions"], "pod");
      if (sink.out.length > before) invalid.push("a required node-affinity term is invalid");
      for (const r of reqs)
        if (normalizeKey(r.key) === LABEL_HOSTNAME)
          invalid.push(`required node affinity uses the restricted label ${r.key}`);
      requiredTerms.push(reqs);
    });
  }
  const preferredTerms = [];
  if (Array.isArray(na.preferredDuringSchedulingIgnoredDuringExecution)) {
    for (const p of na.preferredDuringSchedulingIgnoredDuringExecution) {
      if (!isObject(p) || !isObject(p.preference)) continue;
      const exprs = Array.isArray(p.preference.matchExpressions) ? p.preference.matchExpressions : [];
      const reqs = exprs.filter(isObject).filter((e) => typeof e.key === "string" && typeof e.operator === "string").map((e) => ({
        key: e.key,
        operator: e.operator,
        values: Array.isArray(e.values) ? e.values.map(String) : []
      }));
      preferredTerms.push({ weight: typeof p.weight === "number" ? p.weight : 0, requirements: reqs });
    }
  }
  const tolerations = Array.isArray(spec.tolerations) ? spec.tolerations.filter(isObject).map((t) => ({
    ...typeof t.key === "string" ? { key: t.key } : {},
    ...typeof t.operator === "string" ? { operator: t.operator } : {},
    ...t.value !== void 0 && t.value !== null ? { value: String(t.value) } : {},
    ...typeof t.effect === "string" ? { effect: t.effect } : {}
  })) : [];
  let hostnameAntiAffinity = false;
  const paa = isObject(affinity.podAntiAffinity) ? affinity.podAntiAffinity : {};
  if (Array.isArray(paa.requiredDuringSchedulingIgnoredDuringExecution)) {
    hostnameAntiAffinity = paa.requiredDuringSchedulingIgnoredDuringExecution.some(
      (t) => isObject(t) && t.topologyKey === LABEL_HOSTNAME
    );
  }
  return {
    nodeSelector,
    requiredTerms,
    preferredTerms,
    tolerations,
    requests: podRequests(spec, sink, path),
    hostnameAntiAffinity,
    invalid
  };
}
function podRequests(spec, sink, path) {
  const reqOf = (c, p) => {
    if (!isObject(c) || !isObject(c.resources)) return {};
    const r = c.resources;
    const requests = parseResourceList(
      r.requests,
      (k, v) => sink?.error(`${[...p, "resources", "requests", k].join(".")}: ${JSON.stringify(v)} is not a valid quantity`, [
        ...p,
        "resources",
        "requests",
        k
      ])
    );
    const limits = parseResourceList(r.limits);
    for (const [k, v] of Object.entries(limits)) if (requests[k] === void 0) requests[k] = v;
    return requests;
  };
  const containers = Array.isArray(spec.containers) ? spec.containers : [];
  const inits = Array.isArray(spec.initContainers) ? spec.initContainers : [];
  let app = {};
  containers.forEach((c, i) => {
    app = addResources(app, reqOf(c, [...path, "containers", i]));
  });
  let sidecars = {};
  let initMax = {};
  inits.forEach((c, i) => {
    const r = reqOf(c, [...path, "initContainers", i]);
    if (isObject(c) && c.restartPolicy === "Always") {
      sidecars = addResources(sidecars, r);
      initMax = maxResources(initMax, sidecars);
    } else {
      initMax = maxResources(initMax, addResources(r, sidecars));
    }
  });
  let total = maxResources(addResources(app, sidecars), initMax);
  if (isObject(spec.overhead)) total = addResources(total, parseResourceList(spec.overhead));
  total.pods = 1;
  return total;
}
function maxResources(a, b) {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = Math.max(out[k] ?? 0, v);
  return out;
}

// src/api/settings.ts
function defaultSettings() {
  return {
    featureGates: {
      nodeOverlay: false,
      reservedCapacity: true,
      spotToSpotConsolidation: false,
      nodeRepair: false,
      staticCapacity: false
    },
    preferencePolicy: "Respect",
    minValuesPolicy: "Strict",
    batchIdleDuration: "1s",
    batchMaxDuration: "10s",
    vmMemoryOverheadPercent: 0.075,
    reservedENIs: 0,
    origin: []
  };
}

// src/sources/controller.ts
var GATES = {
  nodeOverlay: "nodeOverlay",
  reservedCapacity: "reservedCapacity",
  spotToSpotConsolidation: "spotToSpotConsolidation",
  nodeRepair: "nodeRepair",
  staticCapacity: "staticCapacity"
};
function readControllerSettings(tree, config, findings, fromApplications = []) {
  const s = defaultSettings();
  const file = config.controller.values;
  if (file) {
    const text = tree.read(file);
    if (text === null) {
      findings.push({
        rule: "unreadable-file",
        severity: "warning",
        file,
        line: null,
        object: null,
        message: `controller values file ${file} does not exist in ${tree.label}; Karpenter's default settings are assumed`
      });
    } else {
      const doc = parseYamlMapping(file, text, findings);
      const settings = doc && isObject(doc.value.settings) ? doc.value.settings : null;
      if (settings)
        apply(
          s,
          settings,
          true,
          (path) => {
            const pos = doc.source.locate(["settings", ...path]);
            return `${file}:${pos?.line ?? "?"}`;
          },
          findings,
          file
        );
    }
  }
  for (const a of fromApplications) apply(s, a.settings, true, a.where, findings, a.file);
  if (config.controller.settings && isObject(config.controller.settings)) {
    apply(
      s,
      config.controller.settings,
      false,
      () => `${config.file ?? "config"} controller.settings`,
      findings,
      config.file
    );
  }
  return s;
}
function apply(s, v, chartQuirk, where, findings, file) {
  if (isObject(v.featureGates)) {
    for (const [k, val] of Object.entries(v.featureGates)) {
      const gate = own(GATES, k);
      if (!gate) continue;
      if (typeof val !== "boolean") {
        findings.push({
          rule: "invalid-config",
          severity: "warning",
          file,
          line: null,
          object: null,
          message: `settings.featureGates.${k} should be true or false, got ${JSON.stringify(val)}`
        });
        continue;
      }
      s.featureGates[gate] = val;
      s.origin.push(`featureGates.${k}=${val} (${where(["featureGates", k])})`);
    }
  }
  const str = (key, allowed, set) => {
    const val = v[key];
    if (val === void 0 || val === null) return;
    if (chartQuirk && (val === "" || val === false || val === 0)) return;
    if (typeof val !== "string" || allowed && !allowed.includes(val)) {
      findings.push({
        rule: "invalid-config",
        severity: "error",
        file,
        line: null,
        object: null,
        message: `settings.${key} must be ${allowed ? allowed.join(" or ") : "a string"}, got ${JSON.stringify(val)}`
      });
      return;
    }
    set(val);
    s.origin.push(`${key}=${val} (${where([key])})`);
  };
  str("preferencePolicy", ["Respect", "Ignore"], (x) => {
    s.preferencePolicy = x;
  });
  str("minValuesPolicy", ["Strict", "BestEffort"], (x) => {
    s.minValuesPolicy = x;
  });
  str("batchIdleDuration", null, (x) => {
    s.batchIdleDuration = x;
  });
  str("batchMaxDuration", null, (x) => {
    s.batchMaxDuration = x;
  });
  const num = (key, set) => {
    const val = v[key];
    if (val === void 0 || val === null) return;
    if (chartQuirk && (val === 0 || val === "" || val === "0" || val === false)) return;
    const n = typeof val === "string" ? Number(val) : val;
    if (typeof n !== "number" || !Number.isFinite(n) || n < 0) return;
    set(n);
    s.origin.push(`${key}=${n} (${where([key])})`);
  };
  num("vmMemoryOverheadPercent", (x) => {
    s.vmMemoryOverheadPercent = x;
  });
  num("reservedENIs", (x) => {
    s.reservedENIs = Math.floor(x);
  });
}

// src/sources/helm.ts
import { spawnSync as spawnSync3 } from "node:child_process";
import { mkdirSync as mkdirSync2, mkdtempSync as mkdtempSync2, rmSync as rmSync2, writeFileSync as writeFileSync2 } from "node:fs";
import { tmpdir as tmpdir2 } from "node:os";
import { dirname as dirname2, join as join4 } from "node:path";

// src/sources/kustomize.ts
var import_yaml3 = __toESM(require_dist(), 1);
import { spawnSync as spawnSync2 } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join as join3, posix } from "node:path";
var KUSTOMIZATION_FILES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];
var REMOTE = /^(https?:\/\/|git@|ssh:\/\/|git::|github\.com\/|gitlab\.com\/|bitbucket\.org\/)|\?ref=|\.git(\/\/|$)/;
function findKustomizations(tree) {
  const out = [];
  for (const file of tree.list()) {
    const base = file.slice(file.lastIndexOf("/") + 1);
    if (!KUSTOMIZATION_FILES.includes(base)) continue;
    const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
    if (out.some((k) => k.dir === dir)) continue;
    out.push(readKustomization(dir, file, tree.read(file)));
  }
  return out;
}
function readKustomization(dir, file, text) {
  const k = { dir, file, refs: [], remote: [], invalid: null };
  if (text === null) {
    k.invalid = "could not be read";
    return k;
  }
  let doc;
  try {
    const d = (0, import_yaml3.parseDocument)(text, { uniqueKeys: false });
    if (d.errors.length) throw new Error(d.errors[0].message);
    doc = d.toJS({ maxAliasCount: 1e3 });
  } catch (e) {
    k.invalid = e instanceof Error ? e.message.split("\n")[0] : String(e);
    return k;
  }
  if (!isObject(doc)) return k;
  const paths = [];
  const strings = (v) => Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
  paths.push(...strings(doc.resources), ...strings(doc.bases), ...strings(doc.components), ...strings(doc.crds));
  for (const p of Array.isArray(doc.patches) ? doc.patches : [])
    if (isObject(p) && typeof p.path === "string") paths.push(p.path);
  for (const p of Array.isArray(doc.patchesJson6902) ? doc.patchesJson6902 : [])
    if (isObject(p) && typeof p.path === "string") paths.push(p.path);
  for (const p of Array.isArray(doc.replacements) ? doc.replacements : [])
    if (isObject(p) && typeof p.path === "string") paths.push(p.path);
  for (const p of strings(doc.patchesStrategicMerge)) if (!p.includes("\n") && !/^\s*\w+:/.test(p)) paths.push(p);
  for (const g of [
    ...Array.isArray(doc.configMapGenerator) ? doc.configMapGenerator : [],
    ...Array.isArray(doc.secretGenerator) ? doc.secretGenerator : []
  ]) {
    if (!isObject(g)) continue;
    for (const f of strings(g.files)) paths.push(f.includes("=") ? f.slice(f.indexOf("=") + 1) : f);
    paths.push(...strings(g.envs));
    if (typeof g.env === "string") paths.push(g.env);
  }
  for (const p of paths) {
    const local = posix.normalize(posix.join(dir, p)).replace(/\/$/, "");
    if (REMOTE.test(p) || p.startsWith("/") || local === ".." || local.startsWith("../")) k.remote.push(p);
    else k.refs.push(local);
  }
  return k;
}
function kustomizationRoots(all) {
  const used = /* @__PURE__ */ new Set();
  for (const k of all) for (const r of k.refs) used.add(r);
  return all.filter((k) => !used.has(k.dir));
}
function closure(root, all) {
  const byDir = new Map(all.map((k) => [k.dir, k]));
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  const visit = (k) => {
    if (seen.has(k.dir)) return;
    seen.add(k.dir);
    out.push(k);
    for (const r of k.refs) {
      const sub = byDir.get(r);
      if (sub) visit(sub);
    }
  };
  visit(root);
  return out;
}
var under = (file, dir) => dir === "" || file === dir || file.startsWith(`${dir}/`);
function filesOf(kustomizations, files) {
  const out = /* @__PURE__ */ new Set();
  for (const f of files) {
    for (const k of kustomizations) {
      if (under(f, k.dir) || k.refs.some((r) => under(f, r))) {
        out.add(f);
        break;
      }
    }
  }
  return out;
}
function scrubbedEnv(home) {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, LANG: "C.UTF-8", KUBECONFIG: join3(home, "none") };
}
function findKustomizeRenderer() {
  const home = tmpdir();
  const ok = (bin, args) => spawnSync2(bin, args, { encoding: "utf8", timeout: 2e4, env: scrubbedEnv(home) }).status === 0;
  if (ok("kustomize", ["version"])) return { name: "kustomize", binary: "kustomize" };
  if (ok("kubectl", ["kustomize", "--help"])) return { name: "kubectl", binary: "kubectl" };
  return null;
}
var Checkout = class {
  root;
  constructor(tree, files) {
    this.root = mkdtempSync(join3(tmpdir(), "karpenter-plan-kustomize-"));
    for (const f of files) {
      const text = tree.read(f);
      if (text === null) continue;
      const out = join3(this.root, "tree", f);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, text);
    }
    mkdirSync(join3(this.root, "home"), { recursive: true });
  }
  dispose() {
    rmSync(this.root, { recursive: true, force: true });
  }
};
function renderKustomization(checkout, dir, renderer, timeoutMs) {
  const target = join3(checkout.root, "tree", dir);
  const args = renderer.name === "kustomize" ? ["build", "--load-restrictor", "LoadRestrictionsRootOnly", target] : ["kustomize", "--load-restrictor", "LoadRestrictionsRootOnly", target];
  const r = spawnSync2(renderer.binary, args, {
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 256 * 1024 * 1024,
    env: scrubbedEnv(join3(checkout.root, "home")),
    cwd: join3(checkout.root, "tree")
  });
  if (r.error && r.error.code === "ETIMEDOUT")
    return {
      ok: false,
      timedOut: true,
      message: `${renderer.name} did not finish within ${timeoutMs / 1e3} s and was stopped`
    };
  if (r.status !== 0) {
    const msg = (r.stderr || r.error?.message || "").split(join3(checkout.root, "tree") + "/").join("").trim().split("\n").slice(0, 5).join(" ");
    return { ok: false, timedOut: false, message: `${renderer.name} could not render ${dir || "."}: ${msg}` };
  }
  return { ok: true, output: r.stdout };
}

// src/sources/helm.ts
function helmAvailable(binary) {
  const r = spawnSync3(binary, ["version", "--short"], {
    encoding: "utf8",
    timeout: 2e4,
    env: scrubbedEnv(tmpdir2())
  });
  return r.status === 0;
}
var RELEASE_NAME = /^[a-z0-9]([-a-z0-9]{0,51}[a-z0-9])?$/;
var NAMESPACE = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
function renderChart(tree, chart, binary, timeoutMs = 6e4) {
  if (!RELEASE_NAME.test(chart.releaseName))
    return {
      ok: false,
      missing: false,
      message: `release name ${JSON.stringify(chart.releaseName.slice(0, 80))} of chart ${chart.path} is not a DNS-1123 label of at most 53 characters; the chart is not rendered`
    };
  if (!NAMESPACE.test(chart.namespace))
    return {
      ok: false,
      missing: false,
      message: `namespace ${JSON.stringify(chart.namespace.slice(0, 80))} of chart ${chart.path} is not a DNS-1123 label; the chart is not rendered`
    };
  const root = mkdtempSync2(join4(tmpdir2(), "karpenter-plan-helm-"));
  try {
    const prefix = chart.path.replace(/\/$/, "") + "/";
    const listed = new Set(tree.list());
    const outside = chart.values.filter((v) => !listed.has(v));
    if (outside.length)
      return {
        ok: false,
        missing: false,
        message: `values file(s) ${outside.map((v) => JSON.stringify(v)).join(", ")} of chart ${chart.path} are not files of the state; the chart is not rendered`
      };
    const wanted = tree.list().filter((f) => f.startsWith(prefix) || chart.values.includes(f));
    if (!wanted.some((f) => f.startsWith(prefix)))
      return { ok: false, missing: false, message: `chart folder ${chart.path} does not exist in ${tree.label}` };
    for (const f of wanted) {
      const text = tree.read(f);
      if (text === null) continue;
      const out = join4(root, "tree", f);
      mkdirSync2(dirname2(out), { recursive: true });
      writeFileSync2(out, text);
    }
    const args = ["template", "--namespace", chart.namespace];
    for (const v of chart.values) args.push("--values", join4(root, "tree", v));
    if (chart.inlineValues !== void 0) {
      const inline = join4(root, "inline-values.yaml");
      writeFileSync2(inline, chart.inlineValues);
      args.push("--values", inline);
    }
    args.push("--", chart.releaseName, join4(root, "tree", chart.path));
    const home = join4(root, "home");
    mkdirSync2(home);
    const r = spawnSync3(binary, args, {
      encoding: "utf8",
      timeout: timeoutMs,
      maxBuffer: 256 * 1024 * 1024,
      // No token, no Actions variable, no plugin or repository configuration of the caller's.
      env: {
        ...scrubbedEnv(home),
        HELM_CACHE_HOME: join4(home, "cache"),
        HELM_CONFIG_HOME: join4(home, "config"),
        HELM_DATA_HOME: join4(home, "data")
      }
    });
    if (r.error && r.error.code === "ENOENT") {
      return { ok: false, missing: true, message: `helm was not found (${binary}); install helm or set helm.binary` };
    }
    if (r.error && r.error.code === "ETIMEDOUT")
      return {
        ok: false,
        missing: false,
        message: `helm template ${chart.path} did not finish within ${timeoutMs / 1e3} s and was stopped`
      };
    if (r.status !== 0)
      return {
        ok: false,
        missing: false,
        message: `helm template ${chart.path} failed: ${(r.stderr || "").split(join4(root, "tree") + "/").join("").trim().split("\n").slice(0, 5).join(" ")}`
      };
    return { ok: true, output: r.stdout };
  } finally {
    rmSync2(root, { recursive: true, force: true });
  }
}

// src/sources/values.ts
function mergeValues(base, over) {
  if (!isObject(base) || !isObject(over)) return over === void 0 ? base : over;
  const out = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (v === null) delete out[k];
    else if (isObject(v) && isObject(out[k])) out[k] = mergeValues(out[k], v);
    else out[k] = v;
  }
  return out;
}
var NODEPOOL_FIELDS = {
  weight: ["spec", "weight"],
  replicas: ["spec", "replicas"],
  limits: ["spec", "limits"],
  disruption: ["spec", "disruption"],
  labels: ["spec", "template", "metadata", "labels"],
  annotations: ["spec", "template", "metadata", "annotations"],
  requirements: ["spec", "template", "spec", "requirements"],
  taints: ["spec", "template", "spec", "taints"],
  startupTaints: ["spec", "template", "spec", "startupTaints"],
  expireAfter: ["spec", "template", "spec", "expireAfter"],
  terminationGracePeriod: ["spec", "template", "spec", "terminationGracePeriod"],
  nodeClassRef: ["spec", "template", "spec", "nodeClassRef"]
};
function readValuesAdapter(tree, adapter, findings) {
  let merged = {};
  const docs = [];
  for (const file of adapter.files) {
    const text = tree.read(file);
    if (text === null) {
      findings.push({
        rule: "unreadable-file",
        severity: "error",
        file,
        line: null,
        object: null,
        message: `values file ${file} does not exist in this state`
      });
      continue;
    }
    const doc = parseYamlMapping(file, text, findings);
    if (!doc) continue;
    docs.push(doc);
    merged = mergeValues(merged, doc.value);
  }
  if (!isObject(merged)) return [];
  const out = [];
  const locateIn = (valuesPath) => {
    for (let i = docs.length - 1; i >= 0; i--) {
      if (hasPath(docs[i].value, valuesPath)) return docs[i].source;
    }
    return docs[docs.length - 1]?.source ?? { file: adapter.files[0], line: null, locate: () => null };
  };
  const make = (valuesPath, value, mapper) => {
    const src = locateIn(valuesPath);
    const at = src.locate(valuesPath);
    const source = {
      file: src.file,
      line: at?.line ?? src.line,
      locate: (path) => {
        const full = mapper(path);
        for (let i = docs.length - 1; i >= 0; i--) {
          if (!hasPath(docs[i].value, full)) continue;
          const p = docs[i].source.locate(full);
          return p && docs[i].file !== src.file ? { ...p, file: docs[i].file } : p;
        }
        return src.locate(valuesPath);
      }
    };
    return { value, source };
  };
  const collections = [
    [adapter.nodePools, "NodePool"],
    [adapter.nodeClasses, "EC2NodeClass"],
    [adapter.nodeOverlays, "NodeOverlay"]
  ];
  for (const [rootKey, kind] of collections) {
    const rootPath = rootKey.split(".");
    const coll = getPath(merged, rootPath);
    if (coll === void 0 || coll === null) continue;
    const entries = [];
    if (Array.isArray(coll)) {
      coll.forEach((e, i) => {
        if (!isObject(e)) return;
        const name = typeof e.name === "string" ? e.name : isObject(e.metadata) && typeof e.metadata.name === "string" ? e.metadata.name : "";
        if (!name) {
          const loc = locateIn([...rootPath, i]);
          findings.push({
            rule: "invalid-values",
            severity: "error",
            file: loc.file,
            line: loc.locate([...rootPath, i])?.line ?? null,
            object: null,
            message: `${rootKey}[${i}] has no name`
          });
          return;
        }
        entries.push([name, e, [...rootPath, i]]);
      });
    } else if (isObject(coll)) {
      for (const [name, e] of Object.entries(coll)) {
        if (e === null || e === false) continue;
        if (!isObject(e)) {
          const loc = locateIn([...rootPath, name]);
          findings.push({
            rule: "invalid-values",
            severity: "error",
            file: loc.file,
            line: loc.locate([...rootPath, name])?.line ?? null,
            object: null,
            message: `${rootKey}.${name} must be a map`
          });
          continue;
        }
        if (e.enabled === false) continue;
        entries.push([name, e, [...rootPath, name]]);
      }
    } else {
      const loc = locateIn(rootPath);
      findings.push({
        rule: "invalid-values",
        severity: "error",
        file: loc.file,
        line: loc.locate(rootPath)?.line ?? null,
        object: null,
        message: `${rootKey} must be a map or a list`
      });
      continue;
    }
    for (const [name, e, p] of entries) {
      out.push(
        adapter.layout === "spec" || kind !== "NodePool" ? specObject(kind, name, e, p, adapter.layout, make) : make(p, fieldsToNodePool(name, e), (path) => mapNodePoolPath(p, path))
      );
    }
  }
  return out;
}
function specObject(kind, name, e, p, layout, make) {
  const apiVersion = kind === "EC2NodeClass" ? "karpenter.k8s.aws/v1" : kind === "NodeOverlay" ? "karpenter.sh/v1alpha1" : "karpenter.sh/v1";
  const wrapped = isObject(e.spec);
  const spec = wrapped ? e.spec : { ...e };
  if (!wrapped) {
    delete spec.name;
    delete spec.enabled;
    delete spec.metadata;
  }
  void layout;
  const value = { apiVersion, kind, metadata: { name }, spec };
  return make(p, value, (path) => path[0] === "spec" ? [...p, ...wrapped ? ["spec"] : [], ...path.slice(1)] : p);
}
function fieldsToNodePool(name, e) {
  const tmplSpec = {};
  const tmplMeta = {};
  const spec = { template: { spec: tmplSpec } };
  for (const [k, v] of Object.entries(e)) {
    if (k === "name" || k === "enabled") continue;
    const target = own(NODEPOOL_FIELDS, k);
    if (!target) continue;
    let val = v;
    if (k === "nodeClassRef" && typeof v === "string")
      val = { group: "karpenter.k8s.aws", kind: "EC2NodeClass", name: v };
    if (target[1] === "template" && target[2] === "metadata") tmplMeta[target[3]] = val;
    else if (target[1] === "template") tmplSpec[target[3]] = val;
    else spec[target[1]] = val;
  }
  if (Object.keys(tmplMeta).length) spec.template.metadata = tmplMeta;
  return { apiVersion: "karpenter.sh/v1", kind: "NodePool", metadata: { name }, spec };
}
function mapNodePoolPath(entryPath, path) {
  for (const [f, target] of Object.entries(NODEPOOL_FIELDS)) {
    if (target.every((t, i) => path[i] === t)) return [...entryPath, f, ...path.slice(target.length)];
  }
  return entryPath;
}
function getPath(v, path) {
  let cur = v;
  for (const k of path) {
    if (Array.isArray(cur) && typeof k === "number") cur = cur[k];
    else if (isObject(cur)) cur = cur[String(k)];
    else return void 0;
  }
  return cur;
}
function hasPath(v, path) {
  return getPath(v, path) !== void 0;
}

// src/sources/argocd.ts
var import_yaml5 = __toESM(require_dist(), 1);
function applicationCharts(app, source, files, findings) {
  const meta = isObject(app.metadata) ? app.metadata : {};
  const name = typeof meta.name === "string" ? meta.name : "?";
  const spec = isObject(app.spec) ? app.spec : {};
  const dest = isObject(spec.destination) ? spec.destination : {};
  const sources = Array.isArray(spec.sources) ? spec.sources.filter(isObject) : isObject(spec.source) ? [spec.source] : [];
  const out = [];
  sources.forEach((src, i) => {
    const path = typeof src.path === "string" ? src.path.replace(/^\.?\//, "").replace(/\/$/, "") : null;
    if (!path) {
      if (src.chart === "karpenter") {
        return;
      }
      if (typeof src.chart === "string") {
        findings.push({
          rule: "argocd-remote-chart",
          severity: "info",
          file: source.file,
          line: source.locate(["spec", Array.isArray(spec.sources) ? "sources" : "source"])?.line ?? source.line,
          object: `Application/${name}`,
          message: `Application ${name} renders the remote chart ${src.chart} from ${String(src.repoURL ?? "?")}; karpenter-plan does not fetch remote charts, so its objects are not in the plan (add the rendered manifests or a values adapter).`
        });
      }
      return;
    }
    if (!files.has(`${path}/Chart.yaml`)) return;
    const helm = isObject(src.helm) ? src.helm : {};
    const valueFiles = Array.isArray(helm.valueFiles) ? helm.valueFiles.filter((v) => typeof v === "string").map((v) => normalize(`${path}/${v}`)) : [];
    let inline;
    if (isObject(helm.valuesObject)) inline = (0, import_yaml5.stringify)(helm.valuesObject);
    else if (typeof helm.values === "string") inline = helm.values;
    out.push({
      name,
      source,
      chart: {
        path,
        values: valueFiles.filter((v) => files.has(v)),
        releaseName: typeof helm.releaseName === "string" ? helm.releaseName : name,
        namespace: typeof dest.namespace === "string" ? dest.namespace : "default",
        ...inline !== void 0 ? { inlineValues: inline } : {}
      }
    });
    for (const v of valueFiles) {
      if (!files.has(v))
        findings.push({
          rule: "unreadable-file",
          severity: "warning",
          file: source.file,
          line: source.line,
          object: `Application/${name}`,
          message: `Application ${name} (source ${i + 1}) names the values file ${v}, which does not exist in this state`
        });
    }
  });
  return out;
}
function normalize(p) {
  const out = [];
  for (const part of p.split("/")) {
    if (part === "..") out.pop();
    else if (part && part !== ".") out.push(part);
  }
  return out.join("/");
}
function karpenterChartSettings(app, source) {
  const spec = isObject(app.spec) ? app.spec : {};
  const sources = Array.isArray(spec.sources) ? spec.sources : [spec.source];
  for (let i = 0; i < sources.length; i++) {
    const src = sources[i];
    if (!isObject(src) || src.chart !== "karpenter") continue;
    const helm = isObject(src.helm) ? src.helm : {};
    let values = helm.valuesObject;
    if (!isObject(values) && typeof helm.values === "string") {
      try {
        values = (0, import_yaml5.parse)(helm.values);
      } catch {
        values = null;
      }
    }
    if (!isObject(values) || !isObject(values.settings)) continue;
    const base = Array.isArray(spec.sources) ? ["spec", "sources", i, "helm"] : ["spec", "source", "helm"];
    const key = isObject(helm.valuesObject) ? "valuesObject" : "values";
    return {
      settings: values.settings,
      where: (path) => {
        const pos = key === "valuesObject" ? source.locate([...base, key, "settings", ...path]) : source.locate([...base, key]);
        return `${source.file ?? "?"}:${pos?.line ?? source.line ?? "?"}`;
      }
    };
  }
  return null;
}

// src/sources/state.ts
var EXPECTED_API = {
  NodePool: NODEPOOL_API_VERSION,
  NodeOverlay: NODEOVERLAY_API_VERSION,
  EC2NodeClass: EC2NODECLASS_API_VERSION
};
function loadState(tree, config, opts = {}) {
  const state = {
    label: tree.label,
    sha: tree.sha,
    committedAt: tree.committedAt,
    nodePools: [],
    nodeClasses: [],
    overlays: [],
    workloads: [],
    daemonSets: [],
    settings: void 0,
    findings: [],
    files: [],
    ignoredKinds: counter(),
    notes: [],
    evaluated: /* @__PURE__ */ new Set(),
    renderers: [],
    unrendered: /* @__PURE__ */ new Set(),
    ignoreAnnotations: /* @__PURE__ */ new Map(),
    externalWorkloads: []
  };
  let settingsFindings = [];
  state.settings = readControllerSettings(tree, config, settingsFindings);
  if (config.controller.values) state.evaluated.add(config.controller.values);
  state.evaluated.add(CONFIG_FILE);
  const special = /* @__PURE__ */ new Set([CONFIG_FILE]);
  for (const a of config.values) a.files.forEach((f) => special.add(f));
  if (config.controller.values) special.add(config.controller.values);
  const allFiles = tree.list();
  const chartPrefixes = [
    ...config.charts.map((c) => c.path.replace(/\/$/, "") + "/"),
    ...allFiles.filter((f) => f === "Chart.yaml" || f.endsWith("/Chart.yaml")).map((f) => f.slice(0, -"Chart.yaml".length))
  ];
  for (const c of config.charts) c.values.forEach((f) => special.add(f));
  const include = (0, import_picomatch.default)(config.manifests, { dot: false });
  const exclude = config.exclude.length ? (0, import_picomatch.default)(config.exclude, { dot: true }) : () => false;
  const kustomizations = findKustomizations(tree);
  const kustomized = filesOf(kustomizations, allFiles);
  const manifestFiles = allFiles.filter(
    (f) => include(f) && !exclude(f) && !special.has(f) && !kustomized.has(f) && !chartPrefixes.some((p) => f.startsWith(p))
  );
  if (tree instanceof GitTree) tree.readMany(manifestFiles);
  const seen = /* @__PURE__ */ new Map();
  const applications = [];
  const accept = (value, source) => classify(state, value, source, seen, applications);
  for (const file of manifestFiles) {
    const text = tree.read(file);
    if (text === null) {
      state.findings.push({
        rule: "unreadable-file",
        severity: "error",
        file,
        line: null,
        object: null,
        message: `${file} could not be read`
      });
      continue;
    }
    state.files.push(file);
    state.evaluated.add(file);
    for (const doc of parseYamlDocuments(file, text, state.findings)) accept(doc.value, doc.source);
  }
  renderKustomizations(tree, config, opts, state, kustomizations, allFiles, accept);
  const chartSettings = [];
  for (const a of applications) {
    const found = karpenterChartSettings(a.value, a.source);
    if (found) chartSettings.push({ ...found, file: a.source.file });
  }
  if (chartSettings.length) {
    settingsFindings = [];
    state.settings = readControllerSettings(tree, config, settingsFindings, chartSettings);
  }
  state.findings.unshift(...settingsFindings);
  const fileSet = new Set(allFiles);
  const appCharts = applications.flatMap(
    (a) => applicationCharts(a.value, a.source, fileSet, state.findings).map((c) => c.chart)
  );
  const usedFallback = /* @__PURE__ */ new Set();
  for (const chart of [...config.charts, ...appCharts]) {
    if (!opts.helm) opts.helm = { available: helmAvailable(config.helm.binary) };
    if (!opts.helm.available) {
      const fb = chart.fallbackValues;
      state.notes.push(
        `helm is not available (${config.helm.binary}); chart ${chart.path} was not rendered` + (fb !== void 0 && config.values[fb] ? `; values adapter #${fb} is used instead` : "")
      );
      state.findings.push({
        rule: "helm-unavailable",
        severity: fb !== void 0 ? "warning" : "error",
        file: chart.path,
        line: null,
        object: null,
        message: `helm is not installed or not on PATH, so chart ${chart.path} could not be rendered` + (fb !== void 0 ? "; the values adapter is used as a fallback" : "; its NodePools are missing from the plan")
      });
      if (fb !== void 0) usedFallback.add(fb);
      continue;
    }
    const r = renderChart(tree, chart, config.helm.binary, config.renderTimeoutSeconds * 1e3);
    if (!r.ok) {
      state.findings.push({
        rule: "helm-template-failed",
        severity: "error",
        file: chart.path,
        line: null,
        object: null,
        message: r.message
      });
      continue;
    }
    const file = `helm:${chart.path}`;
    state.renderers.push(`helm template ${chart.path}`);
    const chartPrefix = chart.path.replace(/\/$/, "") + "/";
    for (const f of allFiles) if (f.startsWith(chartPrefix) || chart.values.includes(f)) state.evaluated.add(f);
    for (const doc of parseYamlDocuments(file, r.output, state.findings)) accept(doc.value, doc.source);
  }
  config.workloads.forEach((w) => {
    const name = String(w.name);
    const podSpec = {
      containers: [{ name: "main", resources: { requests: isObject(w.requests) ? w.requests : {} } }],
      ...isObject(w.nodeSelector) ? { nodeSelector: w.nodeSelector } : {},
      ...Array.isArray(w.tolerations) ? { tolerations: w.tolerations } : {},
      ...isObject(w.affinity) ? { affinity: w.affinity } : {}
    };
    const value = {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name, namespace: typeof w.namespace === "string" ? w.namespace : "default" },
      spec: { replicas: typeof w.replicas === "number" ? w.replicas : 1, template: { spec: podSpec } }
    };
    const source = { file: config.file, line: null, locate: () => null };
    accept(value, source);
  });
  config.values.forEach((adapter, i) => {
    const isFallback = config.charts.some((c) => c.fallbackValues === i);
    if (isFallback && !usedFallback.has(i)) return;
    for (const f of adapter.files) if (fileSet.has(f)) state.evaluated.add(f);
    for (const obj of readValuesAdapter(tree, adapter, state.findings)) accept(obj.value, obj.source);
  });
  setAsideExternalWorkloads(state, config);
  return state;
}
function classify(state, value, source, seen, applications) {
  const kind = typeof value.kind === "string" ? value.kind : "";
  const apiVersion = typeof value.apiVersion === "string" ? value.apiVersion : "";
  if (kind === "List" || kind.endsWith("List") && Array.isArray(value.items)) {
    const items = Array.isArray(value.items) ? value.items : [];
    items.forEach((item, i) => {
      if (!isObject(item)) return;
      const itemSource = {
        file: source.file,
        line: source.locate(["items", i])?.line ?? source.line,
        locate: (path) => source.locate(["items", i, ...path])
      };
      classify(state, item, itemSource, seen, applications);
    });
    return;
  }
  if (!kind) {
    state.ignoredKinds["(no kind)"] = (state.ignoredKinds["(no kind)"] ?? 0) + 1;
    return;
  }
  const ann = isObject(value.metadata) && isObject(value.metadata.annotations) ? value.metadata.annotations : null;
  const ignore = ann?.[IGNORE_ANNOTATION];
  if (typeof ignore === "string" && isObject(value.metadata) && typeof value.metadata.name === "string")
    state.ignoreAnnotations.set(`${kind}/${value.metadata.name}`, parseIgnoreAnnotation(ignore));
  const expected = own(EXPECTED_API, kind);
  if (expected) {
    const meta = isObject(value.metadata) ? value.metadata : {};
    const name = typeof meta.name === "string" ? meta.name : "?";
    const group = expected.split("/")[0];
    if (apiVersion !== expected) {
      if (apiVersion.split("/")[0] !== group) {
        state.ignoredKinds[`${apiVersion}/${kind}`] = (state.ignoredKinds[`${apiVersion}/${kind}`] ?? 0) + 1;
        return;
      }
      state.findings.push({
        rule: "unsupported-api-version",
        severity: "error",
        file: source.file,
        line: source.locate(["apiVersion"])?.line ?? source.line,
        object: `${kind}/${name}`,
        message: `${kind} ${name} uses apiVersion ${apiVersion}, which this Karpenter (v1.x) does not serve: expected ${expected}` + (apiVersion.endsWith("v1beta1") ? " (v1beta1 was removed in Karpenter v1.0; convert the manifest to v1)" : "") + "; the object is left out of the plan"
      });
      return;
    }
    const key = `${kind}/${name}`;
    const prev = seen.get(key);
    if (prev) {
      state.findings.push({
        rule: "duplicate-name",
        severity: "error",
        file: source.file,
        line: source.line,
        object: key,
        message: `${kind} ${name} is defined twice (first at ${prev.file}:${prev.line}); ${kind}s are cluster-scoped and names must be unique; the second definition is ignored`
      });
      return;
    }
    seen.set(key, source);
    if (kind === "NodePool") {
      const np = parseNodePool(value, source, state.findings);
      if (np) state.nodePools.push(np);
    } else if (kind === "NodeOverlay") {
      const o = parseNodeOverlay(value, source, state.findings);
      if (o) state.overlays.push(o);
    } else {
      const nc = parseEC2NodeClass(value, source, state.findings);
      if (nc) state.nodeClasses.push(nc);
    }
    return;
  }
  if (kind === "Application" && apiVersion.startsWith("argoproj.io/")) {
    applications.push({ value, source });
    return;
  }
  if (WORKLOAD_KINDS.includes(kind)) {
    const w = parseWorkload(kind, value, source, state.findings);
    if (!w) return;
    const key = `${kind}/${w.namespace}/${w.name}`;
    if (seen.has(key)) {
      state.findings.push({
        rule: "duplicate-name",
        severity: "warning",
        file: source.file,
        line: source.line,
        object: `${kind}/${w.name}`,
        message: `${kind} ${w.namespace}/${w.name} is defined twice; the second definition is ignored`
      });
      return;
    }
    seen.set(key, source);
    if (kind === "DaemonSet") state.daemonSets.push(w);
    else state.workloads.push(w);
    return;
  }
  state.ignoredKinds[kind] = (state.ignoredKinds[kind] ?? 0) + 1;
}
function renderKustomizations(tree, config, opts, state, all, allFiles, accept) {
  if (!all.length || opts.target === null) return;
  const roots = opts.target === void 0 ? kustomizationRoots(all) : all.filter((k) => k.dir === opts.target);
  if (!roots.length) return;
  const notEvaluated2 = (k, message) => {
    for (const f of filesOf(closure(k, all), allFiles)) state.unrendered.add(f);
    state.findings.push({
      rule: "input-not-evaluated",
      severity: "error",
      file: k.file,
      line: null,
      object: null,
      message: `kustomization ${k.dir || "."} was not evaluated: ${message}`
    });
  };
  let checkout = null;
  try {
    for (const root of roots) {
      const parts = closure(root, all);
      const broken = parts.find((k) => k.invalid !== null);
      if (broken) {
        notEvaluated2(root, `${broken.file} is not a valid kustomization (${broken.invalid})`);
        continue;
      }
      const remote = parts.flatMap((k) => k.remote.map((r2) => `${r2} (in ${k.file})`));
      if (remote.length) {
        notEvaluated2(
          root,
          `it names remote resources or paths outside the state, which are never fetched or read: ${remote.slice(0, 3).join(", ")}`
        );
        continue;
      }
      if (!opts.kustomize) opts.kustomize = { renderer: findKustomizeRenderer() };
      const renderer = opts.kustomize.renderer;
      if (!renderer) {
        notEvaluated2(
          root,
          "neither kustomize nor kubectl is on the PATH (install one, or pipe a rendering to `karpenter-plan -`)"
        );
        continue;
      }
      checkout ??= new Checkout(tree, allFiles);
      const r = renderKustomization(checkout, root.dir, renderer, config.renderTimeoutSeconds * 1e3);
      if (!r.ok) {
        notEvaluated2(root, r.message);
        continue;
      }
      const file = `kustomize:${root.dir || "."}`;
      state.renderers.push(
        `${renderer.name === "kubectl" ? "kubectl kustomize" : "kustomize build"} ${root.dir || "."}`
      );
      for (const f of filesOf(parts, allFiles)) state.evaluated.add(f);
      for (const doc of parseYamlDocuments(file, r.output, state.findings)) accept(doc.value, doc.source);
    }
  } finally {
    checkout?.dispose();
  }
}
var EKS_EXTERNAL_LABELS = ["eks.amazonaws.com/nodegroup", "eks.amazonaws.com/compute-type"];
function setAsideExternalWorkloads(state, config) {
  const external = /* @__PURE__ */ new Set([...EKS_EXTERNAL_LABELS, ...config.externalLabels]);
  state.workloads = state.workloads.filter((w) => {
    const bySelector = Object.keys(w.pod.nodeSelector).find((k) => external.has(k));
    const terms = w.pod.requiredTerms;
    const byAffinity = terms.length > 0 && terms.every((t) => t.some((r) => external.has(r.key) && ["In", "Exists"].includes(r.operator))) ? terms[0].find((r) => external.has(r.key))?.key : void 0;
    const label = bySelector ?? byAffinity;
    if (!label) return true;
    state.externalWorkloads.push({ kind: w.kind, namespace: w.namespace, name: w.name, label });
    return false;
  });
}

// src/cloudprovider/allocatable.ts
var MiB = 2 ** 20;
var GiB = 2 ** 30;
function kubeReservedCpu(vcpu) {
  const m = vcpu * 1e3;
  const tiers = [
    [0, 1e3, 0.06],
    [1e3, 2e3, 0.01],
    [2e3, 4e3, 5e-3],
    [4e3, Infinity, 25e-4]
  ];
  let total = 0;
  for (const [lo, hi, pct] of tiers) {
    if (m <= lo) continue;
    total += Math.floor((Math.min(m, hi) - lo) * pct);
  }
  return total;
}
function eniLimitedPods(inputs, reservedENIs) {
  if (reservedENIs === 0 || inputs.maxENIs === null || inputs.ipv4PerENI === null) return inputs.eniPods;
  const usable = Math.max(inputs.maxENIs - reservedENIs, 0);
  return usable === 0 ? 0 : usable * (inputs.ipv4PerENI - 1) + 2;
}
function sizing(inputs, nodeClass, opts) {
  const family = nodeClass?.amiFamily ?? "AL2023";
  const kubelet = nodeClass?.kubelet;
  const windows = family.startsWith("Windows");
  const eniPods = eniLimitedPods(inputs, opts.reservedENIs);
  let pods = kubelet?.maxPods ?? (windows ? 110 : eniPods);
  if (kubelet?.podsPerCore && kubelet.podsPerCore > 0) pods = Math.min(kubelet.podsPerCore * inputs.vcpu, pods);
  const m = inputs.memoryMiB - (inputs.arch === "arm64" ? 64 : 0);
  const memMiB = m - Math.ceil(m * opts.vmMemoryOverheadPercent);
  const storage = nodeClass?.rootVolumeBytes ?? (windows ? 50 * GiB : 20 * GiB);
  const capacity = {
    cpu: inputs.vcpu * 1e3,
    memory: memMiB * MiB,
    "ephemeral-storage": storage,
    pods,
    ...inputs.extended
  };
  const P = family === "Bottlerocket" || windows ? pods : inputs.eniPods;
  const kubeReserved = {
    cpu: kubeReservedCpu(inputs.vcpu),
    memory: (11 * P + 255) * MiB,
    "ephemeral-storage": GiB
  };
  Object.assign(kubeReserved, kubelet?.kubeReserved ?? {});
  const systemReserved = { ...kubelet?.systemReserved ?? {} };
  const eviction = { memory: 100 * MiB, "ephemeral-storage": Math.ceil(storage * 10 / 100) };
  const hard = kubelet?.evictionHard ?? {};
  const evictionValue = (v, cap) => {
    if (v.endsWith("%")) {
      const pct = Number(v.slice(0, -1));
      if (!Number.isFinite(pct)) return null;
      return pct === 100 ? 0 : Math.ceil(cap * pct / 100);
    }
    const q = parseQuantity(v);
    return q === null ? null : Math.ceil(q);
  };
  if (hard["memory.available"] !== void 0) {
    const v = evictionValue(hard["memory.available"], capacity.memory);
    if (v !== null) eviction.memory = v;
  }
  if (hard["nodefs.available"] !== void 0) {
    const v = evictionValue(hard["nodefs.available"], storage);
    if (v !== null) eviction["ephemeral-storage"] = v;
  }
  const overhead = {};
  for (const part of [kubeReserved, systemReserved, eviction]) {
    for (const [k, v] of Object.entries(part)) overhead[k] = (overhead[k] ?? 0) + v;
  }
  const allocatable = { ...capacity };
  for (const [k, v] of Object.entries(overhead)) if (k in allocatable) allocatable[k] -= v;
  return { capacity, overhead, allocatable };
}

// src/scheduling/requirements.ts
var MAX_INT = Number.MAX_SAFE_INTEGER;
var Requirement = class _Requirement {
  constructor(key, complement, values, gte, lte, minValues) {
    this.key = key;
    this.complement = complement;
    this.values = values;
    this.gte = gte;
    this.lte = lte;
    this.minValues = minValues;
  }
  key;
  complement;
  values;
  gte;
  lte;
  minValues;
  /** requirement.go `NewRequirementWithFlexibility`: construction per operator, after key normalisation (`v1.NormalizedLabels`). */
  static of(key, operator, values = [], minValues) {
    const k = normalizeKey(key);
    switch (operator) {
      case "In":
        return new _Requirement(k, false, new Set(values), void 0, void 0, minValues);
      case "NotIn":
        return new _Requirement(k, true, new Set(values), void 0, void 0, minValues);
      case "DoesNotExist":
        return new _Requirement(k, false, /* @__PURE__ */ new Set(), void 0, void 0, minValues);
      case "Gt": {
        const n = atoi(values[0]);
        if (n >= MAX_INT) return new _Requirement(k, false, /* @__PURE__ */ new Set());
        return new _Requirement(k, true, /* @__PURE__ */ new Set(), n + 1, void 0, minValues);
      }
      case "Lt":
        return new _Requirement(k, true, /* @__PURE__ */ new Set(), void 0, atoi(values[0]) - 1, minValues);
      case "Gte":
        return new _Requirement(k, true, /* @__PURE__ */ new Set(), atoi(values[0]), void 0, minValues);
      case "Lte":
        return new _Requirement(k, true, /* @__PURE__ */ new Set(), void 0, atoi(values[0]), minValues);
      default:
        return new _Requirement(k, true, /* @__PURE__ */ new Set(), void 0, void 0, minValues);
    }
  }
  static fromNodeSelector(r) {
    return _Requirement.of(r.key, r.operator, r.values ?? [], r.minValues);
  }
  /** requirement.go `Operator()` — ignores bounds. */
  operator() {
    if (this.complement) return this.values.size > 0 ? "NotIn" : "Exists";
    return this.values.size > 0 ? "In" : "DoesNotExist";
  }
  /** requirement.go `withinBounds`: a non-integer is out of bounds when any bound exists. */
  withinBounds(v) {
    return withinRange(v, this.gte, this.lte);
  }
  /** requirement.go `Has(v)`. */
  has(v) {
    if (this.complement) return !this.values.has(v) && this.withinBounds(v);
    return this.values.has(v) && this.withinBounds(v);
  }
  /** requirement.go `Len()`. */
  len() {
    return this.complement ? MAX_INT - this.values.size : this.values.size;
  }
  /** Is the allowed set empty (a concrete empty set, or conflicting bounds)? */
  isEmpty() {
    if (!this.complement) return this.values.size === 0;
    return this.gte !== void 0 && this.lte !== void 0 && this.gte > this.lte;
  }
  /** requirement.go `Intersection(a, b)`, exact algorithm. The key is `this.key`. */
  intersection(b) {
    const a = this;
    const complement = a.complement && b.complement;
    const gte = maxDefined(a.gte, b.gte);
    const lte = minDefined(a.lte, b.lte);
    const minValues = maxDefined(a.minValues, b.minValues);
    if (gte !== void 0 && lte !== void 0 && gte > lte) {
      return new _Requirement(a.key, false, /* @__PURE__ */ new Set(), void 0, void 0, minValues);
    }
    let values;
    if (a.complement && b.complement) values = /* @__PURE__ */ new Set([...a.values, ...b.values]);
    else if (a.complement) values = difference(b.values, a.values);
    else if (b.complement) values = difference(a.values, b.values);
    else values = intersect(a.values, b.values);
    if (gte !== void 0 || lte !== void 0) {
      const probe = new _Requirement(a.key, true, /* @__PURE__ */ new Set(), gte, lte);
      for (const v of [...values]) if (!probe.withinBounds(v)) values.delete(v);
    }
    if (!complement) return new _Requirement(a.key, false, values, void 0, void 0, minValues);
    return new _Requirement(a.key, true, values, gte, lte, minValues);
  }
  /** requirement.go `HasIntersection(a, b)`, including its both-complement inaccuracy. */
  hasIntersection(b) {
    const a = this;
    const gte = maxDefined(a.gte, b.gte);
    const lte = minDefined(a.lte, b.lte);
    if (gte !== void 0 && lte !== void 0 && gte > lte) return false;
    const inBounds = (v) => withinRange(v, gte, lte);
    if (a.complement && b.complement) return true;
    if (a.complement) {
      for (const v of b.values) if (!a.values.has(v) && inBounds(v)) return true;
      return false;
    }
    if (b.complement) {
      for (const v of a.values) if (!b.values.has(v) && inBounds(v)) return true;
      return false;
    }
    const [small, big] = a.values.size <= b.values.size ? [a.values, b.values] : [b.values, a.values];
    for (const v of small) if (big.has(v) && inBounds(v)) return true;
    return false;
  }
  /** A concrete value for the label Karpenter would stamp (requirement.go `Any()`; deterministic here). */
  any() {
    if (!this.complement) return this.values.size ? [...this.values].sort()[0] : "";
    const min = this.gte ?? 0;
    for (let n = min; n <= (this.lte ?? min + 1e3); n++) {
      if (!this.values.has(String(n))) return String(n);
    }
    return String(min);
  }
  withMinValues(minValues) {
    return new _Requirement(this.key, this.complement, this.values, this.gte, this.lte, minValues);
  }
  /** requirement.go `String()`, e.g. `key Exists >=2 <=8`, `key In [A B]`. */
  toString() {
    const op = this.operator();
    let s = `${this.key} ${op}`;
    if (op === "In" || op === "NotIn") s += ` [${[...this.values].sort().join(" ")}]`;
    if (this.gte !== void 0) s += ` >=${this.gte}`;
    if (this.lte !== void 0) s += ` <=${this.lte}`;
    if (this.minValues !== void 0) s += ` minValues ${this.minValues}`;
    return s;
  }
};
var Requirements = class _Requirements {
  map;
  constructor(entries) {
    this.map = /* @__PURE__ */ new Map();
    if (entries) for (const r of entries) this.add(r);
  }
  static fromNodeSelectorRequirements(list) {
    return new _Requirements(list.map((r) => Requirement.fromNodeSelector(r)));
  }
  /** `NewLabelRequirements`: each label as `In [value]` (normalised by `NewRequirementWithFlexibility`). */
  static fromLabels(labels) {
    const out = new _Requirements();
    for (const [k, v] of Object.entries(labels)) out.add(Requirement.of(k, "In", [v]));
    return out;
  }
  clone() {
    const r = new _Requirements();
    for (const [k, v] of this.map) r.map.set(k, v);
    return r;
  }
  /** requirements.go `Add`: intersect with an existing requirement on the same key. */
  add(r) {
    const existing = this.map.get(r.key);
    this.map.set(r.key, existing ? r.intersection(existing) : r);
    return this;
  }
  addAll(other) {
    for (const r of other.values()) this.add(r);
    return this;
  }
  /** requirements.go `Get`: a missing key is a fresh `Exists`. */
  get(key) {
    return this.map.get(key) ?? new Requirement(key, true, /* @__PURE__ */ new Set());
  }
  has(key) {
    return this.map.has(key);
  }
  keys() {
    return this.map.keys();
  }
  values() {
    return this.map.values();
  }
  get size() {
    return this.map.size;
  }
  delete(key) {
    this.map.delete(key);
  }
  hasMinValues() {
    for (const r of this.map.values()) if (r.minValues !== void 0) return true;
    return false;
  }
  /**
   * requirements.go `existing.Intersects(incoming)`: keys present in both maps; a non-intersecting pair
   * is tolerated only when both operators are NotIn/DoesNotExist. Returns an error text or null.
   */
  intersects(incoming) {
    return this.intersection(incoming, true);
  }
  /** `intersects(…) === null` without building the error text (requirements.go HasIntersection spares the allocation). */
  intersectsOk(incoming) {
    return this.intersection(incoming, false) === null;
  }
  /**
   * requirements.go `receiver.Compatible(incoming, opts)`. With `allowUndefinedWellKnown`, undefined
   * well-known keys in `incoming` are accepted; without it the check is strict.
   * Returns an error text (Karpenter's wording) or null.
   */
  compatible(incoming, allowUndefinedWellKnown) {
    return this.compatibility(incoming, allowUndefinedWellKnown, true);
  }
  /** `compatible(…) === null` without building the error text (requirements.go keeps errors lazy for this reason). */
  isCompatible(incoming, allowUndefinedWellKnown) {
    return this.compatibility(incoming, allowUndefinedWellKnown, false) === null;
  }
  /** Compatible; with `explain` false a failure is '' (no text is built). */
  compatibility(incoming, allowUndefinedWellKnown, explain) {
    for (const [key, r] of incoming.map) {
      if (allowUndefinedWellKnown && WELL_KNOWN_LABELS.has(key)) continue;
      if (this.map.has(key)) continue;
      const op = r.operator();
      if (op === "NotIn" || op === "DoesNotExist") continue;
      return explain ? `label "${key}" does not have known values` : "";
    }
    return this.intersection(incoming, explain);
  }
  /** Intersects; with `explain` false a failure is '' (no text is built). */
  intersection(incoming, explain) {
    const [small, big, smallIsIncoming] = this.map.size <= incoming.map.size ? [this.map, incoming.map, false] : [incoming.map, this.map, true];
    for (const [key, r1] of small) {
      const r2 = big.get(key);
      if (!r2) continue;
      const existing = smallIsIncoming ? r2 : r1;
      const inc = smallIsIncoming ? r1 : r2;
      if (existing.hasIntersection(inc)) continue;
      const io = inc.operator();
      const eo = existing.operator();
      if ((io === "NotIn" || io === "DoesNotExist") && (eo === "NotIn" || eo === "DoesNotExist")) continue;
      return explain ? `key ${key}, ${inc.toString()} not in ${existing.toString()}` : "";
    }
    return null;
  }
  toString() {
    return [...this.map.values()].map((r) => r.toString()).join(", ");
  }
};
function withinRange(v, gte, lte) {
  if (gte === void 0 && lte === void 0) return true;
  if (!/^[+-]?\d+$/.test(v)) return false;
  const n = Number(v);
  if (gte !== void 0 && n < gte) return false;
  if (lte !== void 0 && n > lte) return false;
  return true;
}
function atoi(v) {
  if (v === void 0 || !/^[+-]?\d+$/.test(v.trim())) return 0;
  const n = Number(v.trim());
  return n > MAX_INT ? MAX_INT : n;
}
function maxDefined(a, b) {
  if (a === void 0) return b;
  if (b === void 0) return a;
  return Math.max(a, b);
}
function minDefined(a, b) {
  if (a === void 0) return b;
  if (b === void 0) return a;
  return Math.min(a, b);
}
function difference(a, b) {
  const out = /* @__PURE__ */ new Set();
  for (const v of a) if (!b.has(v)) out.add(v);
  return out;
}
function intersect(a, b) {
  const out = /* @__PURE__ */ new Set();
  for (const v of a) if (b.has(v)) out.add(v);
  return out;
}

// src/cloudprovider/offering-key.ts
function offeringKey(o) {
  return `${o.capacityType}/${o.zone}${o.reservationId ? `/${o.reservationId}` : ""}`;
}
function typeOfferingKey(type, o) {
  return `${type}|${offeringKey(o)}`;
}
function poolOfferingKey(nodePool, type, o) {
  return `${nodePool}|${typeOfferingKey(type, o)}`;
}
function parsePoolOfferingKey(key) {
  const i = key.indexOf("|");
  return { nodePool: key.slice(0, i), typeOffering: key.slice(i + 1) };
}
function unavailableKey(capacityType, type, zone) {
  return `${capacityType}:${type}:${zone}`;
}

// src/cloudprovider/instancetype.ts
var EXOTIC_RESOURCES = [
  "nvidia.com/gpu",
  "amd.com/gpu",
  "aws.amazon.com/neuron",
  "aws.amazon.com/neuroncore",
  "habana.ai/gaudi"
];
function nodeClassCompatible(t, amiFamily) {
  if ((amiFamily ?? "AL2023") === "AL2023" && t.name.startsWith("a1.")) return false;
  if (amiFamily?.startsWith("Windows") && t.arch !== "amd64") return false;
  return true;
}
function buildInstanceTypes(catalog, nodeClass, settings, inputs) {
  const out = [];
  for (const t of catalog.types) {
    const compatible = nodeClassCompatible(t, nodeClass?.amiFamily ?? null);
    const s = sizing(t, nodeClass, settings);
    const reqs = new Requirements();
    for (const k of AWS_INSTANCE_LABELS) {
      if (k === LABEL_INSTANCE_TENANCY) continue;
      const v = t.labels[k];
      reqs.add(v === void 0 ? Requirement.of(k, "DoesNotExist") : Requirement.of(k, "In", [v]));
    }
    reqs.add(Requirement.of(LABEL_INSTANCE_TYPE, "In", [t.name]));
    reqs.add(Requirement.of(LABEL_ARCH, "In", [t.arch]));
    reqs.add(Requirement.of(LABEL_OS, "In", [nodeClass?.amiFamily?.startsWith("Windows") ? "windows" : "linux"]));
    reqs.add(Requirement.of(LABEL_INSTANCE_TENANCY, "In", ["default", "dedicated"]));
    const typeZones = t.zones ? inputs.zones.filter((z) => t.zones.includes(z)) : inputs.zones;
    reqs.add(Requirement.of(LABEL_ZONE, "In", typeZones));
    const offerings = [];
    const change = (ct, zone, rid) => inputs.priceChanges?.get(
      typeOfferingKey(t.name, { capacityType: ct, zone, ...rid ? { reservationId: rid } : {} })
    );
    const make = (ct, zone, base, rid, rtype) => {
      const ch = change(ct, zone, rid);
      const hasPrice = base !== null;
      const price = hasPrice ? ch !== void 0 && inputs.adjust ? inputs.adjust(base, ch) : base : ch !== void 0 && inputs.adjust && !ch.startsWith("+") && !ch.startsWith("-") ? inputs.adjust(0, ch) : NaN;
      const cost = ct === "reserved" ? t.price ?? 0 : base ?? NaN;
      const available = compatible && !Number.isNaN(price) && !inputs.unavailable?.has(unavailableKey(ct, t.name, zone));
      offerings.push({
        zone,
        capacityType: ct,
        price: Number.isNaN(price) ? Infinity : price,
        cost,
        available,
        overlaid: ch !== void 0,
        ...rid ? { reservationId: rid, reservationType: rtype } : {}
      });
    };
    for (const zone of typeZones) {
      make("on-demand", zone, t.price);
      const spot = t.spotPrices?.[zone] ?? (t.price !== null ? t.price * inputs.spotPriceFactor : null);
      make("spot", zone, spot);
    }
    const rids = [];
    for (const r of inputs.reservations) {
      if (r.instanceType !== t.name || !typeZones.includes(r.zone)) continue;
      make("reserved", r.zone, t.price !== null ? t.price / 1e7 : 0, r.id, r.type);
      rids.push(r.id);
    }
    const cts = ["on-demand", "spot", ...rids.length ? ["reserved"] : []];
    reqs.add(Requirement.of(LABEL_CAPACITY_TYPE, "In", cts));
    reqs.add(
      rids.length ? Requirement.of(LABEL_RESERVATION_ID, "In", rids) : Requirement.of(LABEL_RESERVATION_ID, "DoesNotExist")
    );
    reqs.add(
      rids.length ? Requirement.of(LABEL_RESERVATION_TYPE, "In", [
        ...new Set(inputs.reservations.filter((r) => rids.includes(r.id)).map((r) => r.type))
      ]) : Requirement.of(LABEL_RESERVATION_TYPE, "DoesNotExist")
    );
    reqs.add(
      rids.length ? Requirement.of(LABEL_RESERVATION_INTERRUPTIBLE, "In", ["false"]) : Requirement.of(LABEL_RESERVATION_INTERRUPTIBLE, "DoesNotExist")
    );
    const size = t.labels["karpenter.k8s.aws/instance-size"] ?? "";
    const exotic = size.includes("metal") || EXOTIC_RESOURCES.some((r) => (t.extended[r] ?? 0) > 0);
    out.push({
      name: t.name,
      catalog: t,
      requirements: reqs,
      capacity: s.capacity,
      allocatable: s.allocatable,
      offerings,
      exotic,
      labels: t.labels
    });
  }
  return out;
}
function offeringCompatible(reqs, o) {
  if (reqs.has(LABEL_ZONE) && !reqs.get(LABEL_ZONE).has(o.zone)) return false;
  if (reqs.has(LABEL_CAPACITY_TYPE) && !reqs.get(LABEL_CAPACITY_TYPE).has(o.capacityType)) return false;
  if (reqs.has(LABEL_RESERVATION_ID)) {
    const r = reqs.get(LABEL_RESERVATION_ID);
    if (o.reservationId) return r.has(o.reservationId);
    const op = r.operator();
    return op === "NotIn" || op === "DoesNotExist";
  }
  return true;
}
function cheapestOffering(it, reqs) {
  let best = null;
  for (const o of it.offerings) {
    if (!o.available || !offeringCompatible(reqs, o)) continue;
    if (!best || o.price < best.price) best = o;
  }
  return best;
}
function satisfiesMinValues(types, reqs) {
  const keys = [...reqs.values()].filter((r) => r.minValues !== void 0);
  const seen = new Map(keys.map((r) => [r.key, /* @__PURE__ */ new Set()]));
  for (const it of types) {
    for (const r of keys) {
      const itr = it.requirements.get(r.key);
      if (!it.requirements.has(r.key) || itr.complement) continue;
      for (const v of itr.values) seen.get(r.key).add(v);
    }
    if (keys.every((r) => seen.get(r.key).size >= r.minValues))
      return { ok: true, reached: new Map(keys.map((r) => [r.key, seen.get(r.key).size])) };
  }
  return { ok: keys.length === 0, reached: new Map(keys.map((r) => [r.key, seen.get(r.key).size])) };
}

// src/cloudprovider/launch.ts
var MAX_LAUNCH_TYPES = 60;
function launch(options, reqs, minValuesPolicy, exhausted = /* @__PURE__ */ new Set()) {
  const avail = (o) => o.available && !(o.reservationId !== void 0 && exhausted.has(o.reservationId));
  const offered = /* @__PURE__ */ new Set();
  for (const it of options)
    for (const o of it.offerings) if (avail(o) && offeringCompatible(reqs, o)) offered.add(o.capacityType);
  if (offered.size === 0) return { ok: false, error: "all requested instance types were unavailable during launch" };
  const nreqs = reqs.clone().add(Requirement.of(LABEL_CAPACITY_TYPE, "In", [...offered]));
  const priceOverlayApplied = options.some((it) => it.offerings.some((o) => o.overlaid));
  const hasMinValues = nreqs.hasMinValues();
  const allowed = nreqs.get(LABEL_CAPACITY_TYPE);
  const hasAvailable = (ct) => options.some((it) => it.offerings.some((o) => o.capacityType === ct && avail(o) && offeringCompatible(nreqs, o)));
  let capacityType = "on-demand";
  if (allowed.has("reserved") && hasAvailable("reserved")) capacityType = "reserved";
  else if (allowed.has("spot") && hasAvailable("spot")) capacityType = "spot";
  let types = options;
  if (capacityType === "reserved")
    types = types.filter(
      (it) => it.offerings.some((o) => o.capacityType === "reserved" && avail(o) && offeringCompatible(nreqs, o))
    );
  if (!hasMinValues) {
    const plain = types.filter((it) => !it.exotic);
    if (plain.length > 0) types = plain;
  }
  let spotCeiling = Infinity;
  if (!hasMinValues && allowed.has("on-demand") && allowed.has("spot")) {
    for (const it of types)
      for (const o of it.offerings)
        if (o.capacityType === "on-demand" && avail(o) && offeringCompatible(nreqs, o))
          spotCeiling = Math.min(spotCeiling, o.price);
  }
  const launchReqs = nreqs.clone().add(Requirement.of(LABEL_CAPACITY_TYPE, "In", [capacityType]));
  const usable = (o) => avail(o) && offeringCompatible(launchReqs, o) && !(o.capacityType === "spot" && o.price > spotCeiling);
  types = types.filter((it) => it.offerings.some(usable));
  if (types.length === 0) return { ok: false, error: "all requested instance types were unavailable during launch" };
  const ordered = types.map((it) => ({ it, p: cheapestOffering(it, nreqs)?.price ?? Infinity })).sort((a, b) => a.p - b.p || (a.it.name < b.it.name ? -1 : 1)).map((x) => x.it);
  const top = ordered.slice(0, MAX_LAUNCH_TYPES);
  if (hasMinValues && minValuesPolicy !== "BestEffort" && !satisfiesMinValues(top, nreqs).ok) {
    return { ok: false, error: "truncating instance types, minValues requirement is not met" };
  }
  const overlayOnLaunch = priceOverlayApplied;
  let strategy;
  if (capacityType === "spot")
    strategy = overlayOnLaunch ? "capacity-optimized-prioritized" : "price-capacity-optimized";
  else if (capacityType === "reserved")
    strategy = top.some((it) => it.offerings.some((o) => o.reservationType === "capacity-block")) ? "capacity-block" : overlayOnLaunch ? "prioritized" : "lowest-price";
  else strategy = overlayOnLaunch ? "prioritized" : "lowest-price";
  const key = (o) => strategy === "prioritized" || strategy === "capacity-optimized-prioritized" ? o.price : capacityType === "reserved" ? o.price : o.cost;
  let best = null;
  for (const it of top) {
    for (const o of it.offerings) {
      if (!usable(o)) continue;
      if (!best || key(o) < key(best.o) || key(o) === key(best.o) && (o.cost < best.o.cost || o.cost === best.o.cost && (it.name < best.it.name || it.name === best.it.name && o.zone < best.o.zone)))
        best = { it, o };
    }
  }
  if (!best) return { ok: false, error: "all requested instance types were unavailable during launch" };
  return {
    ok: true,
    decision: {
      instanceType: best.it,
      offering: best.o,
      capacityType,
      allocationStrategy: strategy,
      candidates: top.length,
      priceOverlayApplied
    }
  };
}

// src/cloudprovider/overlay-evaluation.ts
function offeringMatches(reqs, o) {
  const offReqs = new Requirements([
    Requirement.of(LABEL_ZONE, "In", [o.zone]),
    Requirement.of(LABEL_CAPACITY_TYPE, "In", [o.capacityType]),
    o.reservationId ? Requirement.of(LABEL_RESERVATION_ID, "In", [o.reservationId]) : Requirement.of(LABEL_RESERVATION_ID, "DoesNotExist")
  ]);
  return reqs.isCompatible(offReqs, true);
}
function keyCompatible(base, incoming) {
  const io = incoming.operator();
  const negative = io === "NotIn" || io === "DoesNotExist";
  if (!base) return negative;
  if (base.hasIntersection(incoming)) return true;
  const eo = base.operator();
  return negative && (eo === "NotIn" || eo === "DoesNotExist");
}
var keysOfTypes = /* @__PURE__ */ new WeakMap();
function definedKeys(types) {
  let keys = keysOfTypes.get(types);
  if (!keys) {
    keys = /* @__PURE__ */ new Set();
    for (const t of types) for (const k of t.typeRequirements.keys()) keys.add(k);
    keysOfTypes.set(types, keys);
  }
  return keys;
}
function evaluateOverlaysOnPools(overlays, pools) {
  const ordered = [...overlays].sort((a, b) => b.weight - a.weight || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  const stored = /* @__PURE__ */ new Map();
  const out = { prices: /* @__PURE__ */ new Map(), conflicts: [], applied: /* @__PURE__ */ new Set(), invalid: [] };
  for (const ov of ordered) {
    if (ov.invalid) {
      out.invalid.push(ov.name);
      continue;
    }
    const change = ov.price ?? ov.priceAdjustment;
    const reqs = Requirements.fromNodeSelectorRequirements(ov.requirements);
    const keys = [...reqs.keys()];
    const offeringCache = /* @__PURE__ */ new Map();
    const offeringOk = (o) => {
      const k = `${o.zone}|${o.capacityType}|${o.reservationId ?? ""}`;
      let v = offeringCache.get(k);
      if (v === void 0) offeringCache.set(k, v = offeringMatches(reqs, o));
      return v;
    };
    const typeCache = /* @__PURE__ */ new Map();
    const matched = [];
    for (const pool of pools) {
      const poolReqs = /* @__PURE__ */ new Map([
        [LABEL_NODEPOOL, Requirement.of(LABEL_NODEPOOL, "In", [pool.nodePool])]
      ]);
      for (const [k, v] of Object.entries(pool.templateLabels)) {
        const r = Requirement.of(k, "In", [v]);
        const prev = poolReqs.get(r.key);
        poolReqs.set(r.key, prev ? r.intersection(prev) : r);
      }
      const poolKeys = keys.filter((k) => poolReqs.has(k));
      const typeKeys = keys.filter((k) => !poolReqs.has(k));
      const signature = typeKeys.join("\0");
      let cache = typeCache.get(signature);
      if (!cache) typeCache.set(signature, cache = /* @__PURE__ */ new WeakMap());
      const typeKeysOfPool = definedKeys(pool.types);
      const shared = poolKeys.filter((k) => typeKeysOfPool.has(k));
      const poolOnly = poolKeys.filter((k) => !shared.includes(k));
      if (!poolOnly.every((k) => keyCompatible(poolReqs.get(k), reqs.get(k)))) continue;
      for (const t of pool.types) {
        let ok = true;
        for (const k of shared) {
          const base = t.typeRequirements.has(k) ? poolReqs.get(k).intersection(t.typeRequirements.get(k)) : poolReqs.get(k);
          if (!keyCompatible(base, reqs.get(k))) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        let typeOk = cache.get(t.typeRequirements);
        if (typeOk === void 0) {
          typeOk = typeKeys.every(
            (k) => keyCompatible(t.typeRequirements.has(k) ? t.typeRequirements.get(k) : void 0, reqs.get(k))
          );
          cache.set(t.typeRequirements, typeOk);
        }
        if (!typeOk) continue;
        for (const o of t.offerings) if (offeringOk(o)) matched.push(poolOfferingKey(pool.nodePool, t.typeName, o));
      }
    }
    if (matched.length === 0 || change === void 0) {
      if (matched.length) out.applied.add(ov.name);
      continue;
    }
    let clash;
    for (const k of matched) {
      const s = stored.get(k);
      if (s && s.lowestWeight === ov.weight) {
        clash = s;
        break;
      }
    }
    if (clash) {
      out.conflicts.push({ overlay: ov.name, with: clash.lowestName });
      continue;
    }
    for (const k of matched) {
      const s = stored.get(k);
      if (s) {
        s.lowestWeight = ov.weight;
        s.lowestName = ov.name;
      } else stored.set(k, { change, overlay: ov.name, lowestWeight: ov.weight, lowestName: ov.name });
    }
    out.applied.add(ov.name);
  }
  for (const [k, s] of stored) out.prices.set(k, { change: s.change, overlay: s.overlay });
  return out;
}
function adjustedPrice(price, change) {
  if (change === "") return price;
  if (!change.startsWith("+") && !change.startsWith("-")) return parseFloat(change);
  let result2;
  if (change.endsWith("%")) result2 = price * (1 + parseFloat(change.slice(0, -1)) / 100);
  else result2 = price + parseFloat(change);
  return Math.max(result2, 0);
}

// src/scheduling/taints.ts
function tolerates(t, taint) {
  if (t.effect && t.effect !== taint.effect) return false;
  const op = t.operator ?? "Equal";
  if (!t.key) return op === "Exists";
  if (t.key !== taint.key) return false;
  switch (op) {
    case "Exists":
      return true;
    case "Equal":
      return (t.value ?? "") === (taint.value ?? "");
    case "Gt":
    case "Lt": {
      const a = Number(taint.value), b = Number(t.value);
      if (!Number.isInteger(a) || !Number.isInteger(b)) return false;
      return op === "Gt" ? a > b : a < b;
    }
    default:
      return false;
  }
}
function untolerated(taints, tolerations) {
  for (const taint of taints) {
    if (!tolerations.some((t) => tolerates(t, taint))) return taint;
  }
  return null;
}

// src/provisioning/preferences.ts
function initialPodState(pod, preferencePolicy) {
  const preferred = preferencePolicy === "Ignore" ? [] : [...pod.preferredTerms].sort((a, b) => b.weight - a.weight);
  return { requiredTerms: pod.requiredTerms, preferred, tolerations: pod.tolerations, level: 0 };
}
function podRequirements(pod, st) {
  const reqs = new Requirements();
  for (const [k, v] of Object.entries(pod.nodeSelector)) reqs.add(Requirement.of(k, "In", [v]));
  if (st.preferred.length) for (const r of st.preferred[0].requirements) reqs.add(Requirement.fromNodeSelector(r));
  if (st.requiredTerms.length) for (const r of st.requiredTerms[0]) reqs.add(Requirement.fromNodeSelector(r));
  return reqs;
}
var PREFER_NO_SCHEDULE_TOLERATION = { operator: "Exists", effect: "PreferNoSchedule" };
function relax(st, anyPreferNoSchedule) {
  if (st.requiredTerms.length > 1) return { ...st, requiredTerms: st.requiredTerms.slice(1), level: st.level + 1 };
  if (st.preferred.length > 0) return { ...st, preferred: st.preferred.slice(1), level: st.level + 1 };
  if (anyPreferNoSchedule && !st.tolerations.some((t) => t.operator === "Exists" && t.effect === "PreferNoSchedule" && !t.key)) {
    return { ...st, tolerations: [...st.tolerations, PREFER_NO_SCHEDULE_TOLERATION], level: st.level + 1 };
  }
  return null;
}

// src/provisioning/nodeclaim.ts
var MAX_INSTANCE_TYPES = 600;
var NodeClaim = class {
  constructor(id, template, requirements, options) {
    this.id = id;
    this.template = template;
    this.requirements = requirements;
    this.options = options;
  }
  id;
  template;
  requirements;
  options;
  requests = {};
  pods = 0;
  /** Pods per group (workload key). */
  groups = /* @__PURE__ */ new Map();
  minValuesRelaxed = false;
  /** Set by finalizeScheduling: the ≤600 price-ordered options (scheduler.go TruncateInstanceTypes). */
  finalOptions;
  /** Set by finalizeScheduling when the truncated options no longer meet minValues: the NodeClaim is not launched. */
  dropped;
  /** NodeClaim.CanAdd: whether one more pod of `g` fits, and the narrowed requirements and options if so. */
  canAdd(g, st, podReqs, opts) {
    if (g.pod.hostnameAntiAffinity && (this.groups.get(g.key) ?? 0) > 0)
      return { ok: false, code: "incompatible-requirements", error: "hostname anti-affinity" };
    const taint = untolerated(this.template.taints, st.tolerations);
    if (taint) return { ok: false, code: "taint", error: "taint" };
    let reqs = this.requirements;
    let options = this.options;
    if (podReqs.size > 0) {
      const err = reqs.compatible(podReqs, true);
      if (err) return { ok: false, code: "incompatible-requirements", error: err };
      reqs = reqs.clone().addAll(podReqs);
      options = compatibleOptions(options, reqs);
    }
    options = options.filter((it) => fitsOn(it, this.template, this.requests, g.pod.requests));
    if (options.length === 0) return { ok: false, code: "insufficient-resources", error: "no instance type fits" };
    const mv = minValuesCheck(options, reqs, opts.minValuesPolicy);
    if (mv.error) return { ok: false, code: "min-values", error: mv.error };
    return { ok: true, reqs: mv.reqs, options, relaxedMinValues: mv.relaxed };
  }
  /** NodeClaim.Add: the pod is placed; the NodeClaim takes the narrowed requirements and options. */
  add(g, r) {
    this.requirements = r.reqs;
    this.options = r.options;
    this.pods++;
    this.groups.set(g.key, (this.groups.get(g.key) ?? 0) + 1);
    for (const [k, v] of Object.entries(g.pod.requests)) this.requests[k] = (this.requests[k] ?? 0) + v;
    if (r.relaxedMinValues) this.minValuesRelaxed = true;
  }
  /**
   * NodeClaim.FinalizeScheduling with scheduler.go TruncateInstanceTypes: options ordered by price and cut to 600,
   * minValues re-checked (nodeclaimtemplate.go ToNodeClaim).
   */
  finalizeScheduling(opts) {
    const priced = this.options.map((it) => ({ it, p: cheapestOffering(it, this.requirements)?.price ?? Infinity }));
    priced.sort((a, b) => a.p - b.p || (a.it.name < b.it.name ? -1 : 1));
    this.finalOptions = priced.slice(0, MAX_INSTANCE_TYPES).map((x) => x.it);
    if (this.requirements.hasMinValues() && opts.minValuesPolicy !== "BestEffort" && !satisfiesMinValues(this.finalOptions, this.requirements).ok) {
      this.dropped = "NodePool couldn't meet minValues requirements";
    }
  }
};
function fitsOn(it, t, requests, extra) {
  const daemon = t.daemonOverhead.get(it.name);
  const alloc = it.allocatable;
  for (const k in alloc) if (alloc[k] < 0) return false;
  const keys = /* @__PURE__ */ new Set([...Object.keys(requests), ...Object.keys(extra), ...daemon ? Object.keys(daemon) : []]);
  for (const k of keys) {
    const need = (requests[k] ?? 0) + (extra[k] ?? 0) + (daemon?.[k] ?? 0);
    if (need > (alloc[k] ?? 0)) return false;
  }
  return true;
}
function compatibleOptions(options, reqs) {
  return options.filter(
    (it) => it.requirements.intersectsOk(reqs) && it.offerings.some((o) => o.available && offeringCompatible(reqs, o))
  );
}
function minValuesCheck(options, reqs, policy) {
  if (!reqs.hasMinValues()) return { reqs, relaxed: false };
  const r = satisfiesMinValues(options, reqs);
  if (r.ok) return { reqs, relaxed: false };
  if (policy === "Strict") {
    const short = [...r.reached].filter(([k, n]) => n < reqs.get(k).minValues).map(([k, n]) => `${k} has ${n} of minValues ${reqs.get(k).minValues}`);
    return { reqs, relaxed: false, error: `minValues requirement is not met (${short.join(", ")})` };
  }
  const relaxed = reqs.clone();
  for (const [k, n] of r.reached) {
    const req = relaxed.get(k);
    if (req.minValues !== void 0 && n < req.minValues) {
      relaxed.delete(k);
      relaxed.add(req.withMinValues(n));
    }
  }
  return { reqs: relaxed, relaxed: true };
}

// src/provisioning/scheduler.ts
function schedule(templates, groups, opts) {
  const nodeClaims = [];
  const errors = /* @__PURE__ */ new Map();
  const anyPreferNoSchedule = templates.some((t) => t.taints.some((x) => x.effect === "PreferNoSchedule"));
  const remaining = new Map(
    templates.map((t) => [t.nodePool, t.limits ? { ...t.limits } : void 0])
  );
  const byPods = [];
  const refused = /* @__PURE__ */ new Map();
  const templateCache = /* @__PURE__ */ new Map();
  const queue = [...groups].sort(
    (a, b) => (b.pod.requests.cpu ?? 0) - (a.pod.requests.cpu ?? 0) || (b.pod.requests.memory ?? 0) - (a.pod.requests.memory ?? 0) || a.order - b.order
  );
  const moveUp = (nc) => {
    let i = byPods.indexOf(nc);
    while (i + 1 < byPods.length && (byPods[i + 1].pods < nc.pods || byPods[i + 1].pods === nc.pods && byPods[i + 1].id < nc.id)) {
      byPods[i] = byPods[i + 1];
      byPods[i + 1] = nc;
      i++;
    }
  };
  const placeOne = (g) => {
    let st = initialPodState(g.pod, opts.preferencePolicy);
    let lastError = { error: "no nodepool could host the pod", codes: ["no-nodepool"] };
    while (st) {
      const reqs = podRequirements(g.pod, st);
      const levelKey = `${g.key}#${st.level}`;
      let refusedHere = refused.get(levelKey);
      if (!refusedHere) refused.set(levelKey, refusedHere = /* @__PURE__ */ new Set());
      for (const nc of byPods) {
        if (refusedHere.has(nc.id)) continue;
        const r = nc.canAdd(g, st, reqs, opts);
        if (r.ok) {
          nc.add(g, r);
          moveUp(nc);
          return null;
        }
        refusedHere.add(nc.id);
      }
      let cached = templateCache.get(levelKey);
      if (!cached) templateCache.set(levelKey, cached = templates.map((t) => templateAttempt(t, st, reqs)));
      const errs = [];
      const codes = /* @__PURE__ */ new Set();
      for (let i = 0; i < templates.length; i++) {
        const t = templates[i];
        const base = cached[i];
        if (!base.ok) {
          errs.push(`nodepool "${t.nodePool}": ${base.error}`);
          codes.add(base.code);
          continue;
        }
        const rem = remaining.get(t.nodePool);
        let options = base.options;
        if (rem) {
          if (rem.nodes !== void 0 && rem.nodes === 0) {
            errs.push(`nodepool "${t.nodePool}": node limits have been exhausted`);
            codes.add("limits-exhausted");
            continue;
          }
          options = options.filter((it) => withinLimits(it, rem));
          if (options.length === 0) {
            errs.push(`nodepool "${t.nodePool}": all available instance types exceed limits for nodepool`);
            codes.add("limits-exceeded");
            continue;
          }
        }
        options = options.filter((it) => fitsOn(it, t, g.pod.requests, {}));
        if (options.length === 0) {
          errs.push(`nodepool "${t.nodePool}": no instance type has enough resources for the pod's requests`);
          codes.add("insufficient-resources");
          continue;
        }
        const mv = minValuesCheck(options, base.reqs, opts.minValuesPolicy);
        if (mv.error) {
          errs.push(`nodepool "${t.nodePool}": ${mv.error}`);
          codes.add("min-values");
          continue;
        }
        const nc = new NodeClaim(nodeClaims.length, t, mv.reqs, options);
        nc.add(g, { ok: true, reqs: mv.reqs, options, relaxedMinValues: base.relaxedMinValues || mv.relaxed });
        nodeClaims.push(nc);
        byPods.push(nc);
        moveUp(nc);
        if (rem) subtractMax(rem, options);
        return null;
      }
      lastError = templates.length === 0 ? { error: "nodepool requirements filtered out all available instance types", codes: ["no-nodepool"] } : { error: errs.join("; "), codes: [...codes] };
      st = relax(st, anyPreferNoSchedule);
    }
    return lastError;
  };
  const failed = [];
  for (const g of queue) {
    if (g.pod.invalid.length) {
      errors.set(g.key, {
        count: g.count,
        error: `the pod fails Karpenter's validation and is ignored: ${g.pod.invalid[0]}`,
        codes: ["invalid-pod"]
      });
      continue;
    }
    for (let i = 0; i < g.count; i++) {
      const err = placeOne(g);
      if (err) {
        failed.push({ g, count: g.count - i, error: err });
        break;
      }
    }
  }
  for (const f of failed) {
    let left = f.count;
    let error = f.error;
    for (; left > 0; left--) {
      const err = placeOne(f.g);
      if (err) {
        error = err;
        break;
      }
    }
    if (left > 0) errors.set(f.g.key, { count: left, ...error });
  }
  for (const nc of nodeClaims) nc.finalizeScheduling(opts);
  return { nodeClaims, errors };
}
function hostingTemplates(templates, pod, opts) {
  const st = initialPodState(pod, opts.preferencePolicy);
  const reqs = podRequirements(pod, st);
  return templates.filter((t) => {
    const a = templateAttempt(t, st, reqs);
    if (!a.ok) return false;
    const options = a.options.filter((it) => fitsOn(it, t, pod.requests, {}));
    return options.length > 0 && !minValuesCheck(options, a.reqs, opts.minValuesPolicy).error;
  });
}
function withinLimits(it, rem) {
  for (const [k, v] of Object.entries(rem)) if ((it.capacity[k] ?? 0) > v) return false;
  return true;
}
function subtractMax(rem, options) {
  for (const k of Object.keys(rem)) {
    let max = 0;
    for (const it of options) max = Math.max(max, it.capacity[k] ?? 0);
    rem[k] -= max;
  }
}
function templateAttempt(t, st, podReqs) {
  const taint = untolerated(t.taints, st.tolerations);
  if (taint)
    return {
      ok: false,
      code: "taint",
      error: `did not tolerate taint ${taint.key}${taint.value ? `=${taint.value}` : ""}:${taint.effect}`
    };
  const err = t.requirements.compatible(podReqs, true);
  if (err) return { ok: false, code: "incompatible-requirements", error: `incompatible requirements, ${err}` };
  const reqs = podReqs.size === 0 ? t.requirements : t.requirements.clone().addAll(podReqs);
  const options = podReqs.size === 0 ? t.instanceTypes : compatibleOptions(t.instanceTypes, reqs);
  if (options.length === 0)
    return {
      ok: false,
      code: "no-compatible-offering",
      error: "no instance type satisfied the requirements with an available offering"
    };
  return { ok: true, reqs, options, relaxedMinValues: false };
}

// src/provisioning/provisioner.ts
function workloadKey(kind, namespace, name) {
  return `${kind}/${namespace}/${name}`;
}
var MANAGED_GROUP = "karpenter.k8s.aws";
var MANAGED_KIND = "EC2NodeClass";
function inferRegion(zones) {
  for (const z of zones) {
    const m = /^([a-z]{2}(?:-gov)?-[a-z]+-\d)[a-z]$/.exec(z);
    if (m) return m[1];
  }
  return null;
}
function simulate(input, opts) {
  const assumptions = [];
  const { zones, region } = resolveZones(input, opts, assumptions);
  const { pools, eligible } = eligibleNodePools(input);
  if (input.nodePools.length > 0 && input.nodeClasses.length === 0) {
    assumptions.push(
      "EC2NodeClasses: none in the inputs; each nodeClassRef is assumed to name a Ready AL2023 EC2NodeClass with default kubelet settings."
    );
  }
  const ctx = { input, opts, zones, classes: new Map(input.nodeClasses.map((c) => [c.name, c])) };
  const { outcome: overlays, priceChanges } = applyNodeOverlays(ctx, eligible, assumptions);
  const templates = nodeClaimTemplates(ctx, eligible, pools, priceChanges);
  const workloads = workloadsToPlace(input, opts, assumptions);
  const groups = workloads.filter((w) => w.replicas > 0).map((w, i) => ({ key: w.key, pod: w.pod, count: w.replicas, order: i }));
  const result2 = schedule(templates, groups, {
    preferencePolicy: input.settings.preferencePolicy,
    minValuesPolicy: input.settings.minValuesPolicy
  });
  const { fleet, perGroup, errors } = launchNodeClaims(ctx, result2);
  const placements = placementsOf(workloads, perGroup, errors);
  const hourlyCost = Math.round(fleet.reduce((s, n) => s + n.pricePerHour, 0) * 1e6) / 1e6;
  if (fleet.some((n) => n.capacityType === "spot"))
    assumptions.push(
      `Spot: prices are estimated as ${opts.spotPriceFactor} \xD7 on-demand; the spot instance type shown is the cheapest candidate, while EC2's price-capacity-optimized strategy also weighs capacity.`
    );
  if (fleet.some((n) => n.allocationStrategy === "lowest-price"))
    assumptions.push(
      "On-demand lowest-price: resolved with Karpenter's static price table; EC2 uses its own current prices."
    );
  return {
    placements,
    templates,
    podTemplates: new Map(workloads.map((w) => [w.key, w.pod])),
    workloads: workloads.map(({ key, kind, namespace, name, replicas, probe }) => ({
      key,
      kind,
      namespace,
      name,
      replicas,
      probe
    })),
    fleet,
    hourlyCost,
    pools,
    region,
    zones,
    overlays,
    assumptions
  };
}
function resolveZones(input, opts, assumptions) {
  let zones = opts.zones ?? [];
  if (!zones.length) {
    const zs = /* @__PURE__ */ new Set();
    for (const np of input.nodePools)
      for (const r of np.requirements)
        if (r.key === LABEL_ZONE && r.operator === "In") (r.values ?? []).forEach((z) => zs.add(z));
    zones = [...zs].sort();
  }
  const region = opts.region ?? inferRegion(zones) ?? "us-east-1";
  if (!zones.length) {
    zones = ["a", "b", "c"].map((s) => `${region}${s}`);
    assumptions.push(`Zones: none configured or required; assumed ${zones.join(", ")}.`);
  }
  if (region !== opts.catalog.region) {
    assumptions.push(
      `Prices: the catalog has ${opts.catalog.region} prices; they are used for ${region} (Karpenter itself falls back to the us-east-1 table for regions without one).`
    );
  }
  return { zones, region };
}
function eligibleNodePools(input) {
  const classes = new Set(input.nodeClasses.map((c) => c.name));
  const pools = [];
  const eligible = [];
  for (const np of input.nodePools) {
    const ref = np.nodeClassRef;
    let reason = null;
    if (np.replicas !== void 0)
      reason = { code: "static", message: "static NodePool (spec.replicas): not used for provisioning" };
    else if (np.deleting) reason = { code: "deleting", message: "NodePool is being deleted" };
    else if (np.runtimeErrors.length) reason = { code: "not-ready", message: `not Ready: ${np.runtimeErrors[0]}` };
    else if (!ref || ref.group !== MANAGED_GROUP || ref.kind !== MANAGED_KIND)
      reason = {
        code: "unmanaged-nodeclass",
        message: "nodeClassRef is not a karpenter.k8s.aws EC2NodeClass: not managed by the AWS provider"
      };
    else if (input.nodeClasses.length > 0 && !classes.has(ref.name))
      reason = { code: "nodeclass-not-found", message: `not Ready: EC2NodeClass "${ref.name}" not found` };
    pools.push({ name: np.name, eligible: reason === null, reason, instanceTypes: 0 });
    if (reason === null) eligible.push(np);
  }
  return { pools, eligible };
}
var instanceTypeMemo = /* @__PURE__ */ new WeakMap();
function instanceTypesFor(ctx, nc, extra = {}) {
  const { input, opts } = ctx;
  const inputs = {
    zones: ctx.zones,
    spotPriceFactor: opts.spotPriceFactor,
    reservations: reservationsFor(ctx, nc),
    ...extra.priceChanges ? { priceChanges: extra.priceChanges, adjust: adjustedPrice } : {},
    ...extra.unavailable ? { unavailable: extra.unavailable } : {}
  };
  if (extra.unavailable) return buildInstanceTypes(opts.catalog, nc ?? null, input.settings, inputs);
  let memo = instanceTypeMemo.get(opts.catalog);
  if (!memo) instanceTypeMemo.set(opts.catalog, memo = /* @__PURE__ */ new Map());
  const key = JSON.stringify([
    nc ? { ...nc, raw: void 0, source: void 0 } : null,
    input.settings.vmMemoryOverheadPercent,
    input.settings.reservedENIs,
    inputs.zones,
    inputs.spotPriceFactor,
    inputs.reservations,
    extra.priceChanges ? [...extra.priceChanges].sort() : null
  ]);
  let types = memo.get(key);
  if (!types) memo.set(key, types = buildInstanceTypes(opts.catalog, nc ?? null, input.settings, inputs));
  return types;
}
function reservationsFor(ctx, nc) {
  if (!ctx.input.settings.featureGates.reservedCapacity || !nc) return [];
  return ctx.opts.reservations.filter(
    (r) => nc.capacityReservationSelectorTerms.some(
      (t) => typeof t.id === "string" && t.id === r.id || isObject(t.tags) && Object.entries(t.tags).every(([k, v]) => r.tags?.[k] === String(v))
    )
  );
}
function applyNodeOverlays(ctx, eligible, assumptions) {
  const { input } = ctx;
  const priceChanges = /* @__PURE__ */ new Map();
  if (!input.overlays.length) return { outcome: null, priceChanges };
  const byClass = /* @__PURE__ */ new Map();
  const pools = [];
  for (const np of eligible) {
    const key = np.nodeClassRef.name;
    let types = byClass.get(key);
    if (!types) {
      const nc = ctx.classes.get(key);
      types = instanceTypesFor(ctx, nc).map((it) => ({
        typeName: it.name,
        typeRequirements: it.requirements,
        offerings: it.offerings.map((o) => ({
          zone: o.zone,
          capacityType: o.capacityType,
          ...o.reservationId ? { reservationId: o.reservationId } : {}
        }))
      }));
      byClass.set(key, types);
    }
    pools.push({ nodePool: np.name, templateLabels: np.labels, types });
  }
  const outcome = evaluateOverlaysOnPools(input.overlays, pools);
  if (input.settings.featureGates.nodeOverlay) {
    for (const [key, v] of outcome.prices) {
      const { nodePool, typeOffering } = parsePoolOfferingKey(key);
      if (!priceChanges.has(nodePool)) priceChanges.set(nodePool, /* @__PURE__ */ new Map());
      priceChanges.get(nodePool).set(typeOffering, v.change);
    }
  } else {
    assumptions.push(
      `NodeOverlays: ${input.overlays.length} present but the NodeOverlay feature gate is off; Karpenter ignores them.`
    );
  }
  return { outcome, priceChanges };
}
function nodeClaimTemplates(ctx, eligible, pools, priceChanges) {
  const { input, opts } = ctx;
  const typeCache = /* @__PURE__ */ new Map();
  const templates = [];
  for (const np of orderByWeight(eligible)) {
    const nc = ctx.classes.get(np.nodeClassRef.name);
    const changes = priceChanges.get(np.name);
    const cacheKey = `${np.nodeClassRef.name}|${changes ? [...changes].map(([k, v]) => `${k}=${v}`).sort().join(",") : ""}`;
    let its = typeCache.get(cacheKey);
    if (!its) {
      its = instanceTypesFor(ctx, nc, {
        ...changes ? { priceChanges: changes } : {},
        ...opts.unavailable ? { unavailable: opts.unavailable } : {}
      });
      typeCache.set(cacheKey, its);
    }
    const reqs = Requirements.fromNodeSelectorRequirements(np.requirements);
    for (const [k, v] of Object.entries(np.labels)) reqs.add(Requirement.of(k, "In", [v]));
    reqs.add(Requirement.of(LABEL_NODEPOOL, "In", [np.name]));
    reqs.add(Requirement.of(LABEL_EC2NODECLASS, "In", [np.nodeClassRef.name]));
    let options = its.filter(
      (it) => it.requirements.intersectsOk(reqs) && it.offerings.some((o) => o.available && offeringCompatible(reqs, o)) && Object.values(it.allocatable).every((v) => v >= 0)
    );
    const strictMinValues = reqs.hasMinValues() && input.settings.minValuesPolicy === "Strict";
    if (options.length && strictMinValues && !satisfiesMinValues(options, reqs).ok) options = [];
    const status = pools.find((p) => p.name === np.name);
    status.instanceTypes = options.length;
    if (options.length === 0) {
      status.eligible = false;
      status.reason = strictMinValues ? {
        code: "min-values-unsatisfiable",
        message: "nodepool requirements filtered out all instance types (minValues can't be met)"
      } : { code: "no-instance-types", message: "nodepool requirements filtered out all instance types" };
      continue;
    }
    templates.push({
      nodePool: np.name,
      weight: np.weight,
      requirements: reqs,
      labels: np.labels,
      taints: np.taints,
      instanceTypes: options,
      daemonOverhead: daemonOverhead(np, reqs, options, input.daemonSets),
      ...Object.keys(np.limits).length ? { limits: np.limits } : {}
    });
  }
  return templates;
}
function workloadsToPlace(input, opts, assumptions) {
  const workloads = input.workloads.map((w) => ({
    key: workloadKey(w.kind, w.namespace, w.name),
    kind: w.kind,
    namespace: w.namespace,
    name: w.name,
    replicas: w.replicas,
    probe: false,
    pod: w.pod
  }));
  if (workloads.length === 0 && opts.probes) {
    workloads.push(...probeWorkloads(input.nodePools));
    assumptions.push(
      "Workloads: the state has none, so probe pods are placed (generic sizes, and one probe per NodePool selecting it and tolerating its taints)."
    );
  }
  return workloads;
}
function launchNodeClaims(ctx, result2) {
  const { input, opts } = ctx;
  const fleet = [];
  const perGroup = /* @__PURE__ */ new Map();
  const errors = new Map(result2.errors);
  const addError = (key, count, error, code2) => {
    const e = errors.get(key);
    const codes = e ? e.codes.includes(code2) ? e.codes : [...e.codes, code2] : [code2];
    errors.set(key, { count: (e?.count ?? 0) + count, error: e?.error ?? error, codes });
  };
  const reservationCount = new Map(opts.reservations.map((r) => [r.id, r.count]));
  const used = /* @__PURE__ */ new Map();
  const exhausted = new Set([...reservationCount].filter(([, n]) => n <= 0).map(([id]) => id));
  for (const nc of result2.nodeClaims) {
    if (nc.dropped) {
      for (const [g, n] of nc.groups) addError(g, n, nc.dropped, "min-values");
      continue;
    }
    const r = launch(nc.finalOptions, nc.requirements, input.settings.minValuesPolicy, exhausted);
    if (!r.ok) {
      for (const [g, n] of nc.groups) addError(g, n, r.error, "launch-failed");
      continue;
    }
    const d = r.decision;
    if (d.offering.reservationId) {
      const n = (used.get(d.offering.reservationId) ?? 0) + 1;
      used.set(d.offering.reservationId, n);
      if (n >= (reservationCount.get(d.offering.reservationId) ?? 0)) exhausted.add(d.offering.reservationId);
    }
    const labels = {
      ...d.instanceType.labels,
      ...nc.template.labels,
      [LABEL_NODEPOOL]: nc.template.nodePool,
      [LABEL_ZONE]: d.offering.zone,
      [LABEL_CAPACITY_TYPE]: d.capacityType,
      [LABEL_INSTANCE_TYPE]: d.instanceType.name
    };
    for (const req of nc.requirements.values()) {
      if (!(req.key in labels) && !req.key.startsWith("karpenter.sh/") && !req.key.includes("karpenter.k8s.aws/")) {
        const v = req.any();
        if (v !== "") labels[req.key] = v;
      }
    }
    const node = {
      name: `${nc.template.nodePool}-${String(fleet.length + 1).padStart(4, "0")}`,
      nodePool: nc.template.nodePool,
      instanceType: d.instanceType.name,
      zone: d.offering.zone,
      capacityType: d.capacityType,
      pricePerHour: d.capacityType === "reserved" ? 0 : d.offering.cost,
      allocationStrategy: d.allocationStrategy,
      candidates: nc.finalOptions.length,
      labels,
      pods: Object.fromEntries(nc.groups)
    };
    fleet.push(node);
    for (const [g, n] of nc.groups) {
      if (!perGroup.has(g)) perGroup.set(g, /* @__PURE__ */ new Map());
      const k = `${node.nodePool}|${node.instanceType}|${node.capacityType}`;
      const m = perGroup.get(g);
      const e = m.get(k);
      if (e) e.n += n;
      else m.set(k, { n, node });
    }
  }
  return { fleet, perGroup, errors };
}
function placementsOf(workloads, perGroup, errors) {
  const placements = /* @__PURE__ */ new Map();
  for (const w of workloads) {
    if (w.replicas === 0) continue;
    const m = perGroup.get(w.key);
    const err = errors.get(w.key);
    if (!m || m.size === 0) {
      placements.set(w.key, {
        schedulable: false,
        nodePool: null,
        instanceType: null,
        capacityType: null,
        pricePerHour: null,
        candidates: 0,
        allocationStrategy: null,
        reason: err?.error ?? "not scheduled",
        reasonCodes: err?.codes ?? ["no-nodepool"]
      });
      continue;
    }
    const best = [...m.values()].sort((a, b) => b.n - a.n || a.node.name.localeCompare(b.node.name))[0].node;
    placements.set(w.key, {
      schedulable: true,
      nodePool: best.nodePool,
      instanceType: best.instanceType,
      capacityType: best.capacityType,
      pricePerHour: best.pricePerHour,
      candidates: best.candidates,
      allocationStrategy: best.allocationStrategy,
      reason: err ? `${err.count} of ${w.replicas} pods unschedulable: ${err.error}` : null,
      reasonCodes: err?.codes ?? []
    });
  }
  return placements;
}
function daemonOverhead(np, reqs, types, daemonSets) {
  const out = /* @__PURE__ */ new Map();
  const hard = np.taints.filter((t) => t.effect !== "PreferNoSchedule");
  const daemons = daemonSets.filter((d) => untolerated(hard, d.pod.tolerations) === null);
  if (daemons.length === 0) return out;
  const dreqs = daemons.map((d) => {
    const r = new Requirements();
    for (const [k, v] of Object.entries(d.pod.nodeSelector)) r.add(Requirement.of(k, "In", [v]));
    if (d.pod.requiredTerms.length) for (const x of d.pod.requiredTerms[0]) r.add(Requirement.fromNodeSelector(x));
    return r;
  });
  for (const it of types) {
    let total = {};
    daemons.forEach((d, i) => {
      if (reqs.isCompatible(dreqs[i], true) && it.requirements.intersectsOk(dreqs[i]))
        total = addResources(total, d.pod.requests);
    });
    if (Object.keys(total).length) out.set(it.name, total);
  }
  return out;
}
var GiB2 = 2 ** 30;
function probeWorkloads(nodePools) {
  const pod = (cpu, mem, nodeSelector = {}, tolerations = []) => ({
    nodeSelector,
    requiredTerms: [],
    preferredTerms: [],
    tolerations,
    requests: { cpu, memory: mem, pods: 1 },
    hostnameAntiAffinity: false,
    invalid: []
  });
  const out = [
    { name: "small", p: pod(500, 1 * GiB2) },
    { name: "medium", p: pod(2e3, 4 * GiB2) },
    { name: "large", p: pod(4e3, 16 * GiB2) }
  ].map(({ name, p }) => ({
    key: workloadKey("Probe", "karpenter-plan", name),
    kind: "Probe",
    namespace: "karpenter-plan",
    name,
    replicas: 1,
    probe: true,
    pod: p
  }));
  for (const np of nodePools) {
    const tol = np.taints.map((t) => ({ key: t.key, operator: "Exists", effect: t.effect }));
    out.push({
      key: workloadKey("Probe", "karpenter-plan", `pool-${np.name}`),
      kind: "Probe",
      namespace: "karpenter-plan",
      name: `pool-${np.name}`,
      replicas: 1,
      probe: true,
      pod: pod(1e3, 2 * GiB2, { [LABEL_NODEPOOL]: np.name }, tol)
    });
  }
  return out;
}

// src/disruption/budget-cron.ts
var import_cron_parser = __toESM(require_dist2(), 1);
var DESCRIPTORS = {
  "@yearly": "0 0 1 1 *",
  "@annually": "0 0 1 1 *",
  "@monthly": "0 0 1 * *",
  "@weekly": "0 0 * * 0",
  "@daily": "0 0 * * *",
  "@midnight": "0 0 * * *",
  "@hourly": "0 * * * *"
};
var BOUNDS = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6]
];
var NAMES = [
  null,
  null,
  null,
  /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)$/i,
  /^(sun|mon|tue|wed|thu|fri|sat)$/i
];
function parseSchedule(input) {
  const s = input.trim();
  const expr = s.startsWith("@") ? own(DESCRIPTORS, s) : s;
  if (!expr) return { ok: false, error: `unrecognized descriptor: ${s}` };
  const fields = expr.split(/\s+/);
  if (fields.length !== 5) return { ok: false, error: `expected exactly 5 fields, found ${fields.length}: ${s}` };
  for (let i = 0; i < 5; i++) {
    for (const part of fields[i].split(",")) {
      const [range, step] = part.split("/");
      if (step !== void 0 && !/^\d+$/.test(step)) return { ok: false, error: `invalid step "${part}"` };
      if (range === "*" || range === "?") continue;
      for (const v of range.split("-")) {
        if (/^\d+$/.test(v)) {
          const n = Number(v);
          if (n < BOUNDS[i][0] || n > BOUNDS[i][1])
            return { ok: false, error: `value ${v} out of range [${BOUNDS[i][0]}, ${BOUNDS[i][1]}] in "${fields[i]}"` };
        } else if (!NAMES[i]?.test(v)) {
          return { ok: false, error: `invalid value "${v}" in "${fields[i]}"` };
        }
      }
    }
  }
  let never = false;
  try {
    import_cron_parser.CronExpressionParser.parse(expr, { tz: "UTC", currentDate: /* @__PURE__ */ new Date(0) });
  } catch (e) {
    const msg = errorMessage(e);
    if (/explicit day of month/i.test(msg)) never = true;
    else return { ok: false, error: msg };
  }
  const schedule2 = {
    expression: expr,
    next: (t) => {
      if (never) return null;
      try {
        return import_cron_parser.CronExpressionParser.parse(expr, { tz: "UTC", currentDate: new Date(t) }).next().getTime();
      } catch {
        return null;
      }
    }
  };
  return { ok: true, schedule: schedule2 };
}
function isActive(schedule2, durationMs, now) {
  const n = schedule2.next(now - durationMs);
  if (n === null) return true;
  return n <= now;
}
function activeWindows(schedule2, durationMs, from, to) {
  const out = [];
  if (durationMs <= 0) return out;
  let t = from - durationMs;
  for (let guard = 0; guard < 2e5; guard++) {
    const h = schedule2.next(t);
    if (h === null) return [[from, to]];
    if (h >= to) break;
    const w = [h, h + durationMs];
    const last = out[out.length - 1];
    if (last && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
    else out.push(w);
    t = h;
  }
  return out;
}

// src/disruption/budgets.ts
var MAX_INT32 = 2147483647;
function compileBudgets(budgets) {
  return budgets.map((b, index) => {
    let error = null;
    let errorCode = null;
    let schedule2 = null;
    let durationMs = 0;
    if (b.schedule !== void 0) {
      const p = parseSchedule(b.schedule);
      if (p.ok) schedule2 = p.schedule;
      else {
        error = `invalid schedule "${b.schedule}": ${p.error}`;
        errorCode = "invalid-schedule";
      }
      durationMs = b.duration !== void 0 ? parseDurationMs(b.duration.replace(/0s$/, "") || "0m") ?? 0 : 0;
    }
    if (!/^((100|[0-9]{1,2})%|[0-9]+)$/.test(b.nodes) && error === null) {
      error = `invalid nodes value "${b.nodes}"`;
      errorCode = "invalid-nodes";
    }
    return { budget: b, index, schedule: schedule2, durationMs, error, errorCode };
  });
}
function scaledNodes(nodes, numNodes) {
  if (/^\d+$/.test(nodes)) return Number(nodes);
  const pct = Number(nodes.slice(0, -1));
  return Math.ceil(pct * numNodes / 100);
}
function allowedByBudgets(budgets, numNodes, reason, now, activeAt = (b, t) => b.schedule ? isActive(b.schedule, b.durationMs, t) : true) {
  if (budgets.some((b) => b.error)) return 0;
  let result2 = MAX_INT32;
  for (const b of budgets) {
    const applies = b.budget.reasons === void 0 || b.budget.reasons.includes(reason);
    if (!applies) continue;
    if (!activeAt(b, now)) continue;
    result2 = Math.min(result2, scaledNodes(b.budget.nodes, numNodes));
  }
  return result2;
}
function allowedDisruptions(budgets, numNodes, disrupting, reason, now, activeAt) {
  const v = allowedByBudgets(budgets, numNodes, reason, now, activeAt);
  if (v >= MAX_INT32) return MAX_INT32;
  return Math.max(v - disrupting, 0);
}
function budgetsLimit(budgets, reason) {
  return budgets.some((b) => b.error !== null || b.budget.reasons === void 0 || b.budget.reasons.includes(reason));
}

// src/rules/helpers.ts
var REQS_PATH = ["spec", "template", "spec", "requirements"];
function probePod(cpu = 500, memoryMiB = 1024) {
  return {
    nodeSelector: {},
    requiredTerms: [],
    preferredTerms: [],
    tolerations: [],
    requests: { cpu, memory: memoryMiB * 2 ** 20, pods: 1 },
    hostnameAntiAffinity: false,
    invalid: []
  };
}
function poolProbe(np) {
  return { ...probePod(), tolerations: np.taints.map((t) => ({ key: t.key, operator: "Exists", effect: t.effect })) };
}
function hosts(ctx, pod, templates = ctx.sim.templates) {
  const s = ctx.head.settings;
  return hostingTemplates(templates, pod, { preferencePolicy: s.preferencePolicy, minValuesPolicy: s.minValuesPolicy });
}
function probes(ctx) {
  const out = [
    { name: "a generic pod", pod: probePod(), source: null }
  ];
  const seen = /* @__PURE__ */ new Set();
  for (const w of ctx.head.workloads) {
    const key = JSON.stringify([w.pod.nodeSelector, w.pod.requiredTerms, w.pod.preferredTerms, w.pod.tolerations]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ name: `${w.kind} ${w.namespace}/${w.name}`, pod: w.pod, source: w.source });
  }
  return out;
}
function requirementIndex(np, key) {
  return np.requirements.findIndex((r) => r.key === key);
}
function allowedCapacityTypes(np) {
  let allowed = /* @__PURE__ */ new Set(["on-demand", "spot", "reserved"]);
  for (const r of np.requirements) {
    if (r.key !== LABEL_CAPACITY_TYPE) continue;
    const vals = new Set(r.values ?? []);
    if (r.operator === "In") allowed = new Set([...allowed].filter((x) => vals.has(x)));
    else if (r.operator === "NotIn") allowed = new Set([...allowed].filter((x) => !vals.has(x)));
    else if (r.operator === "DoesNotExist") allowed = /* @__PURE__ */ new Set();
  }
  if (np.labels[LABEL_CAPACITY_TYPE])
    allowed = new Set([...allowed].filter((x) => x === np.labels[LABEL_CAPACITY_TYPE]));
  return allowed;
}
function nodePoolByName(ctx, name) {
  return ctx.head.nodePools.find((p) => p.name === name);
}

// src/rules/disruption.ts
var budgetInvalidSchedule = {
  id: "budget-invalid-schedule",
  severity: "error",
  summary: "A budget schedule the CRD accepts but the cron parser rejects: every disruption of the NodePool is blocked.",
  check(ctx, report) {
    for (const np of ctx.head.nodePools) {
      for (const b of compileBudgets(np.budgets)) {
        if (!b.error || b.budget.schedule === void 0 || b.errorCode !== "invalid-schedule" || !BUDGET_SCHEDULE.test(b.budget.schedule))
          continue;
        report(
          `NodePool ${np.name}: budget ${b.index + 1} has an ${b.error}. The API server accepts it, but Karpenter's cron parser does not, and a budget that fails to parse makes every reason's allowed disruptions 0 (fail closed): no consolidation, no drift replacement, ever.`,
          np.source,
          ["spec", "disruption", "budgets", b.index, "schedule"],
          `NodePool/${np.name}`
        );
      }
    }
  }
};
var budgetBlocksDrift = {
  id: "budget-blocks-drift",
  severity: "error",
  summary: "This change drifts nodes but the budgets for Drifted never allow a disruption inside the horizon.",
  check(ctx, report) {
    for (const p of ctx.rollouts ?? []) {
      if (p.budget?.verdict !== "blocked") continue;
      const np = nodePoolByName(ctx, p.name);
      if (!np) continue;
      report(
        `NodePool ${np.name}: this change drifts ${p.nodesDrifted - p.nodesRemoved} node(s), but ${p.rollout?.note ?? "the budgets block the rollout"}. The drifted nodes keep running the old configuration until the budgets allow it.`,
        np.source,
        np.budgetsDefaulted ? ["spec"] : ["spec", "disruption", "budgets"],
        `NodePool/${np.name}`
      );
    }
  }
};
var budgetUnlimited = {
  id: "budget-unlimited",
  severity: "warning",
  summary: "This change drifts nodes and no budget limits Drifted: all of them are disrupted at once.",
  check(ctx, report) {
    for (const p of ctx.rollouts ?? []) {
      if (p.budget?.verdict !== "unlimited") continue;
      const np = nodePoolByName(ctx, p.name);
      if (!np) continue;
      report(
        `NodePool ${np.name}: this change drifts ${p.nodesDrifted - p.nodesRemoved} node(s) and no budget limits the Drifted reason (${np.budgets.length ? "every budget's reasons exclude it" : "budgets: []"}): Karpenter may replace all of them at once. Add a budget such as { nodes: "10%" }.`,
        np.source,
        ["spec", "disruption", "budgets"],
        `NodePool/${np.name}`
      );
    }
  }
};
var poolRemovedWithNodes = {
  id: "pool-removed-with-nodes",
  severity: "warning",
  summary: "A NodePool is deleted in head while it has nodes: they are deleted by garbage collection, without budgets.",
  check(ctx, report) {
    for (const p of ctx.rollouts ?? []) {
      if (!p.nodesRemoved) continue;
      const np = ctx.base?.nodePools.find((x) => x.name === p.name);
      report(
        `NodePool ${p.name} is deleted by this change while it has ${p.nodesRemoved} node(s): Kubernetes garbage collection deletes them without disruption budgets and without pre-spun replacements; their pods are rescheduled onto the remaining NodePools. To move gradually, first narrow the pool (or set a budget), let drift replace its nodes, then delete it.`,
        np?.source ?? null,
        ["metadata", "name"],
        `NodePool/${p.name}`
      );
    }
  }
};
var amiAliasLatest = {
  id: "ami-alias-latest",
  severity: "warning",
  summary: "An EC2NodeClass uses an @latest AMI alias: every AMI release drifts every node using it.",
  check(ctx, report) {
    for (const nc of ctx.head.nodeClasses) {
      if (!nc.amiAlias?.endsWith("@latest")) continue;
      const family = nc.amiAlias.slice(0, nc.amiAlias.indexOf("@"));
      if (family.startsWith("windows")) continue;
      const pools = ctx.head.nodePools.filter((p) => p.nodeClassRef?.name === nc.name).map((p) => p.name);
      const i = Array.isArray(nc.raw.spec?.amiSelectorTerms) ? 0 : void 0;
      report(
        `EC2NodeClass ${nc.name} uses ${nc.amiAlias}: within about a day of every EKS AMI release the resolved AMI changes and every node${pools.length ? ` of ${pools.join(", ")}` : ""} drifts (AMIDrift) and is replaced under the Drifted budgets. Pin a version (e.g. ${family}@${family === "bottlerocket" ? "v1.40.0" : "v20260801"}) and bump it in a PR.`,
        nc.source,
        i === void 0 ? ["spec"] : ["spec", "amiSelectorTerms", i, "alias"],
        `EC2NodeClass/${nc.name}`
      );
    }
  }
};

// src/rules/nodepools.ts
var MONTH_MS = 720 * 36e5;
var equalWeightOverlap = {
  id: "equal-weight-overlap",
  severity: "warning",
  summary: "Two NodePools that can host the same pod have the same weight: the name that sorts later always wins.",
  check(ctx, report) {
    const reported = /* @__PURE__ */ new Set();
    for (const p of probes(ctx)) {
      const byWeight = /* @__PURE__ */ new Map();
      for (const t of hosts(ctx, p.pod)) byWeight.set(t.weight, [...byWeight.get(t.weight) ?? [], t.nodePool]);
      for (const [weight, names] of byWeight) {
        if (names.length < 2) continue;
        const winner = names.reduce((a, b) => b > a ? b : a);
        for (const lose of names) {
          if (lose === winner || reported.has(lose)) continue;
          reported.add(lose);
          const np = nodePoolByName(ctx, lose);
          report(
            `NodePools ${winner} and ${lose} both have weight ${weight || "unset (0)"} and can both host ${p.name}: Karpenter orders equal weights by name, descending, so ${winner} always wins and ${lose} is used only when ${winner} cannot take the pod. Give them different weights to make the preference explicit.`,
            np.source,
            np.weight ? ["spec", "weight"] : ["metadata", "name"],
            `NodePool/${np.name}`
          );
        }
      }
    }
  }
};
var mixedGenerationsOnePool = {
  id: "mixed-generations-one-pool",
  severity: "warning",
  summary: "One on-demand NodePool allows several generations of a category: lowest-price launches the cheaper, usually older one.",
  check(ctx, report) {
    for (const t of ctx.sim.templates) {
      const np = nodePoolByName(ctx, t.nodePool);
      const ct = allowedCapacityTypes(np);
      if (!(ct.has("on-demand") && !ct.has("spot"))) continue;
      const intent = np.requirements.findIndex(
        (r2) => [LABEL_INSTANCE_FAMILY, LABEL_INSTANCE_GENERATION].includes(r2.key) && r2.operator === "In"
      );
      if (intent < 0) continue;
      if (t.instanceTypes.some((it) => it.offerings.some((o) => o.overlaid || o.capacityType === "reserved"))) continue;
      const gens = /* @__PURE__ */ new Map();
      for (const it of t.instanceTypes) {
        const c = it.labels[LABEL_INSTANCE_CATEGORY], g = Number(it.labels[LABEL_INSTANCE_GENERATION]);
        if (!c || !Number.isFinite(g)) continue;
        if (!gens.has(c)) gens.set(c, /* @__PURE__ */ new Set());
        gens.get(c).add(g);
      }
      const multi = [...gens].filter(([, s]) => s.size > 1);
      if (!multi.length) continue;
      const probe = probePod();
      const options = t.instanceTypes.filter(
        (it) => (it.allocatable.cpu ?? 0) >= probe.requests.cpu && (it.allocatable.memory ?? 0) >= probe.requests.memory
      );
      const r = options.length ? launch(options, t.requirements, ctx.head.settings.minValuesPolicy) : null;
      const chosen = r && r.ok ? r.decision.instanceType : null;
      const newest = Math.max(...multi.flatMap(([, s]) => [...s]));
      const chosenGen = chosen ? Number(chosen.labels[LABEL_INSTANCE_GENERATION]) : NaN;
      const desc = multi.map(([c, s]) => `${c}: generations ${[...s].sort((a, b) => a - b).join(", ")}`).join("; ");
      report(
        `NodePool ${np.name} allows several generations of the same category (${desc}). With on-demand lowest-price, Karpenter and EC2 launch the cheapest type` + (chosen ? ` \u2014 a small pod gets ${chosen.name} (generation ${chosenGen}${chosenGen < newest ? `, not ${newest}` : ""})` : "") + `. To prefer a generation, split the pool (e.g. gen8-primary weight 100, gen7-fallback weight 10).`,
        np.source,
        [...REQS_PATH, intent],
        `NodePool/${np.name}`
      );
    }
  }
};
var requirementsFilterAllTypes = {
  id: "requirements-filter-all-types",
  severity: "error",
  summary: "A NodePool's requirements (with its EC2NodeClass) leave no instance type with an available offering: it never launches.",
  check(ctx, report) {
    for (const st of ctx.sim.pools) {
      if (st.eligible || st.reason?.code !== "no-instance-types") continue;
      const np = nodePoolByName(ctx, st.name);
      const nc = ctx.head.nodeClasses.find((c) => c.name === np.nodeClassRef?.name);
      report(
        `NodePool ${np.name}: its requirements${nc ? ` with EC2NodeClass ${nc.name} (${nc.amiFamily ?? "AL2023"})` : ""} leave no instance type with an available offering in the catalog (zones ${ctx.sim.zones.join(", ")}). Karpenter logs "nodepool requirements filtered out all instance types" and never launches from it.`,
        np.source,
        REQS_PATH,
        `NodePool/${np.name}`
      );
    }
  }
};
var minValuesUnsatisfiable = {
  id: "min-values-unsatisfiable",
  severity: "error",
  summary: "A NodePool's minValues cannot be met by the instance types its requirements allow (Strict policy): it never launches.",
  check(ctx, report) {
    for (const st of ctx.sim.pools) {
      if (st.eligible || st.reason?.code !== "min-values-unsatisfiable") continue;
      const np = nodePoolByName(ctx, st.name);
      const i = np.requirements.findIndex((r) => r.minValues !== void 0);
      report(
        `NodePool ${np.name}: the instance types its requirements allow cannot reach minValues ${np.requirements[i]?.minValues} for ${np.requirements[i]?.key} (MinValuesPolicy Strict), so the NodePool is dropped from every scheduling round. Widen the requirement or lower minValues.`,
        np.source,
        [...REQS_PATH, Math.max(i, 0), "minValues"],
        `NodePool/${np.name}`
      );
    }
  }
};
var NUMERIC = ["Gt", "Lt", "Gte", "Lte"];
var numericRangeEmpty = {
  id: "numeric-range-empty",
  severity: "error",
  summary: "Gt/Lt/Gte/Lte bounds on one key leave an empty range (within a NodePool, or a pod against every NodePool).",
  check(ctx, report) {
    for (const np of ctx.head.nodePools) {
      const byKey = /* @__PURE__ */ new Map();
      np.requirements.forEach((r, i) => {
        if (!byKey.has(r.key)) byKey.set(r.key, []);
        byKey.get(r.key).push(i);
      });
      for (const [key, idx] of byKey) {
        if (!idx.some((i) => NUMERIC.includes(np.requirements[i].operator))) continue;
        const r = new Requirements(idx.map((i) => Requirement.fromNodeSelector(np.requirements[i]))).get(key);
        if (r.isEmpty())
          report(
            `NodePool ${np.name}: the bounds on ${key} (${idx.map((i) => `${np.requirements[i].operator} ${(np.requirements[i].values ?? []).join(",")}`).join(" and ")}) leave no value: no instance type can match.`,
            np.source,
            [...REQS_PATH, idx[idx.length - 1]],
            `NodePool/${np.name}`
          );
      }
    }
    for (const w of ctx.head.workloads) {
      const terms = w.pod.requiredTerms[0] ?? [];
      terms.forEach((req, i) => {
        if (!NUMERIC.includes(req.operator)) return;
        const pr = Requirement.fromNodeSelector(req);
        const pools = ctx.sim.templates;
        if (!pools.length) return;
        const open = pools.filter(
          (t) => !(t.requirements.has(pr.key) ? t.requirements.get(pr.key).intersection(pr).isEmpty() : pr.isEmpty())
        );
        if (open.length === 0) {
          report(
            `${w.kind} ${w.namespace}/${w.name}: ${req.key} ${req.operator} ${(req.values ?? []).join(",")} leaves an empty range against every NodePool (${pools.map((t) => t.nodePool).join(", ")}): the pod stays pending.`,
            w.source,
            [
              "spec",
              "template",
              "spec",
              "affinity",
              "nodeAffinity",
              "requiredDuringSchedulingIgnoredDuringExecution",
              "nodeSelectorTerms",
              0,
              "matchExpressions",
              i
            ],
            `${w.kind}/${w.name}`
          );
        }
      });
    }
  }
};
var flexDoesNotExist = {
  id: "flex-does-not-exist",
  severity: "error",
  summary: "instance-capability-flex with DoesNotExist: every instance type carries that label, so nothing matches.",
  check(ctx, report) {
    const all = ctx.catalog.types.every((t) => t.labels[LABEL_INSTANCE_FLEX] !== void 0);
    if (!all) return;
    for (const np of ctx.head.nodePools) {
      const i = np.requirements.findIndex((r) => r.key === LABEL_INSTANCE_FLEX && r.operator === "DoesNotExist");
      if (i >= 0)
        report(
          `NodePool ${np.name}: ${LABEL_INSTANCE_FLEX} DoesNotExist matches no instance type \u2014 every type carries the label ("true" or "false"). To exclude flex types use In ["false"].`,
          np.source,
          [...REQS_PATH, i],
          `NodePool/${np.name}`
        );
    }
    for (const w of ctx.head.workloads) {
      (w.pod.requiredTerms[0] ?? []).forEach((r, i) => {
        if (r.key === LABEL_INSTANCE_FLEX && r.operator === "DoesNotExist") {
          report(
            `${w.kind} ${w.namespace}/${w.name}: ${LABEL_INSTANCE_FLEX} DoesNotExist matches no instance type; use In ["false"].`,
            w.source,
            [
              "spec",
              "template",
              "spec",
              "affinity",
              "nodeAffinity",
              "requiredDuringSchedulingIgnoredDuringExecution",
              "nodeSelectorTerms",
              0,
              "matchExpressions",
              i
            ],
            `${w.kind}/${w.name}`
          );
        }
      });
    }
  }
};
var expireWithoutTgp = {
  id: "expire-without-tgp",
  severity: "warning",
  summary: "expireAfter is set but terminationGracePeriod is not: expired nodes blocked by PDBs or do-not-disrupt stay half-drained.",
  check(ctx, report) {
    for (const np of ctx.head.nodePools) {
      const tspec = np.raw.spec?.template?.spec ?? {};
      if (tspec.expireAfter === void 0 || np.expireAfter === "Never" || np.terminationGracePeriod !== void 0)
        continue;
      report(
        `NodePool ${np.name} sets expireAfter ${np.expireAfter} without terminationGracePeriod: expiry deletes the NodeClaim without budgets, and a node whose pods are protected by a PodDisruptionBudget or karpenter.sh/do-not-disrupt then waits indefinitely, half-drained. Set terminationGracePeriod to bound the drain.`,
        np.source,
        ["spec", "template", "spec", "expireAfter"],
        `NodePool/${np.name}`
      );
    }
  }
};
var fallbackWithoutExpiry = {
  id: "fallback-without-expiry",
  severity: "warning",
  summary: "A lower-weight fallback NodePool never expires its nodes (Never or \u2265 720h): consolidation never moves them back up.",
  check(ctx, report) {
    const seen = /* @__PURE__ */ new Set();
    for (const p of probes(ctx)) {
      const hs = hosts(ctx, p.pod);
      if (hs.length < 2) continue;
      const top = hs[0];
      for (const t of hs.slice(1)) {
        if (t.weight >= top.weight || seen.has(t.nodePool)) continue;
        const np = nodePoolByName(ctx, t.nodePool);
        const ms = np.expireAfter === "Never" ? Infinity : parseDurationMs(np.expireAfter) ?? 0;
        if (ms < MONTH_MS) continue;
        seen.add(t.nodePool);
        report(
          `NodePool ${np.name} (weight ${np.weight}) is the fallback of ${top.nodePool} (weight ${top.weight}) and its nodes ${np.expireAfter === "Never" ? "never expire" : `expire only after ${np.expireAfter}`}: consolidation only moves pods to cheaper nodes and does not know weights, so once ${top.nodePool} has capacity again nothing brings the workloads back. Expiry is the only way home \u2014 e.g. expireAfter: 48h on the fallback.`,
          np.source,
          ["spec", "template", "spec", "expireAfter"],
          `NodePool/${np.name}`
        );
      }
    }
  }
};
var nodeclassNotFound = {
  id: "nodeclass-not-found",
  severity: "error",
  summary: "nodeClassRef names an EC2NodeClass that is not in the inputs (while others are): the NodePool is not Ready and is ignored.",
  check(ctx, report) {
    if (!ctx.head.nodeClasses.length) return;
    const names = new Set(ctx.head.nodeClasses.map((c) => c.name));
    for (const np of ctx.head.nodePools) {
      const ref = np.nodeClassRef;
      if (!ref || ref.kind !== "EC2NodeClass" || names.has(ref.name)) continue;
      report(
        `NodePool ${np.name} refers to EC2NodeClass "${ref.name}", which is not defined (known: ${[...names].sort().join(", ")}): the NodePool is not Ready, and Karpenter logs "ignoring nodepool, not ready".`,
        np.source,
        ["spec", "template", "spec", "nodeClassRef", "name"],
        `NodePool/${np.name}`
      );
    }
  }
};
var spotMixedWithPreference = {
  id: "spot-mixed-with-preference",
  severity: "warning",
  summary: "A generation preference (weights or an overlay) is built on a NodePool that allows both spot and on-demand: spot wins and EC2 picks by capacity.",
  check(ctx, report) {
    const overlaid = /* @__PURE__ */ new Set();
    for (const k of ctx.sim.overlays?.prices.keys() ?? []) overlaid.add(parsePoolOfferingKey(k).nodePool);
    const weights = new Set(ctx.sim.templates.map((t) => t.weight));
    for (const t of ctx.sim.templates) {
      const np = nodePoolByName(ctx, t.nodePool);
      const ct = allowedCapacityTypes(np);
      if (!(ct.has("spot") && ct.has("on-demand"))) continue;
      const split = weights.size > 1 && ctx.sim.templates.some(
        (o) => o !== t && o.weight !== t.weight && hosts(ctx, poolProbe(np), [o, t]).length === 2
      );
      const hasOverlay = overlaid.has(np.name) && ctx.head.settings.featureGates.nodeOverlay;
      if (!split && !hasOverlay) continue;
      const i = requirementIndex(np, "karpenter.sh/capacity-type");
      report(
        `NodePool ${np.name} is part of a ${hasOverlay ? "NodeOverlay price" : "weight"} preference but allows both spot and on-demand: Karpenter launches spot first (reserved > spot > on-demand), and EC2's price-capacity-optimized strategy then chooses the type by capacity, not by your preference. Keep preference pools on-demand, or split spot into its own pool.`,
        np.source,
        i >= 0 ? [...REQS_PATH, i] : REQS_PATH,
        `NodePool/${np.name}`
      );
    }
  }
};
var spotToSpotFewTypes = {
  id: "spot-to-spot-few-types",
  severity: "info",
  summary: "SpotToSpotConsolidation is on and a spot NodePool allows fewer than 15 instance types: single-node spot-to-spot consolidation never acts.",
  check(ctx, report) {
    if (!ctx.head.settings.featureGates.spotToSpotConsolidation) return;
    for (const t of ctx.sim.templates) {
      const np = nodePoolByName(ctx, t.nodePool);
      if (!allowedCapacityTypes(np).has("spot")) continue;
      const spotTypes = t.instanceTypes.filter(
        (it) => it.offerings.some((o) => o.capacityType === "spot" && o.available)
      ).length;
      if (spotTypes >= 15) continue;
      report(
        `NodePool ${np.name} allows ${spotTypes} instance types with spot offerings; single-node spot-to-spot consolidation needs at least 15 cheaper options, so it never replaces a spot node here.`,
        np.source,
        REQS_PATH,
        `NodePool/${np.name}`
      );
    }
  }
};
var limitsBlockFallback = {
  id: "limits-block-fallback",
  severity: "info",
  summary: "A fallback NodePool's limits would be exceeded by its share of the workloads when the preferred pool's offerings are unavailable.",
  check(ctx, report) {
    if (!ctx.head.workloads.length) return;
    const seen = /* @__PURE__ */ new Set();
    let budget = 8;
    for (const pref of ctx.sim.templates) {
      const fallbacks = ctx.sim.templates.filter((t) => t.weight < pref.weight && t.limits);
      if (!fallbacks.length || ![...ctx.sim.placements.values()].some((p) => p.nodePool === pref.nodePool)) continue;
      if (budget-- <= 0) {
        report(
          `limits-block-fallback was evaluated for the first 8 preferred NodePools only; ${pref.nodePool} and later ones were not checked.`,
          null
        );
        break;
      }
      const unavailable = /* @__PURE__ */ new Set();
      for (const it of pref.instanceTypes)
        for (const o of it.offerings) unavailable.add(unavailableKey(o.capacityType, it.name, o.zone));
      const others = new Set(
        ctx.sim.templates.filter((t) => t !== pref).flatMap((t) => t.instanceTypes.map((it) => it.name))
      );
      for (const k of [...unavailable]) if (others.has(k.split(":")[1])) unavailable.delete(k);
      const r = simulate(ctx.head, { ...ctx.simOptions, unavailable, probes: false });
      for (const fb of fallbacks) {
        if (seen.has(fb.nodePool)) continue;
        const blocked = [...r.placements.entries()].filter(
          ([k, p]) => (p.reasonCodes.includes("limits-exhausted") || p.reasonCodes.includes("limits-exceeded")) && ctx.sim.placements.get(k)?.nodePool === pref.nodePool
        );
        if (!blocked.length) continue;
        seen.add(fb.nodePool);
        const np = nodePoolByName(ctx, fb.nodePool);
        report(
          `If ${pref.nodePool}'s instance types are unavailable (ICE), its workloads fall back to ${fb.nodePool}, whose limits then leave ${blocked.length} workload(s) pending (${blocked.slice(0, 3).map(([k]) => k.split("/").slice(1).join("/")).join(
            ", "
          )}${blocked.length > 3 ? ", \u2026" : ""}). Limits cap a runaway fallback \u2014 and also the fallback itself.`,
          np.source,
          ["spec", "limits"],
          `NodePool/${np.name}`
        );
      }
    }
  }
};
var lookAlikeLabel = {
  id: "look-alike-label",
  severity: "warning",
  summary: "A key resembles a well-known label but is not one (e.g. node.kubernetes.io/instance-family): not enforced, or pending.",
  check(ctx, report) {
    const known = [...WELL_KNOWN_LABELS, "kubernetes.io/hostname"];
    const declared = new Set(ctx.head.nodePools.flatMap((p) => Object.keys(p.labels)));
    const names = /* @__PURE__ */ new Map();
    for (const k of known) names.set(k.split("/").pop(), k);
    const suggest = (key) => {
      if (declared.has(key) || WELL_KNOWN_LABELS.has(key) || key === "kubernetes.io/hostname" || key.startsWith("beta.kubernetes.io/") || key.startsWith("failure-domain.beta.kubernetes.io/"))
        return null;
      const name = key.split("/").pop();
      const domain = key.includes("/") ? key.slice(0, key.indexOf("/")) : "";
      const knownDomain = [
        "karpenter.sh",
        "karpenter.k8s.aws",
        "kubernetes.io",
        "node.kubernetes.io",
        "topology.kubernetes.io",
        "topology.k8s.aws"
      ].includes(domain);
      const same = names.get(name) ?? names.get(name.replace(/_/g, "-")) ?? names.get(name.replace(/s$/, ""));
      if (same && same !== key) return same;
      if (knownDomain) {
        for (const k of known) if (distance(key, k) <= 2) return k;
      }
      return null;
    };
    for (const np of ctx.head.nodePools) {
      np.requirements.forEach((r, i) => {
        const s = suggest(r.key);
        if (s)
          report(
            `NodePool ${np.name}: requirement key ${r.key} looks like the well-known label ${s} but is not one: Karpenter treats it as a custom label (no instance type carries it, so it is not enforced on instance choice). Did you mean ${s}?`,
            np.source,
            [...REQS_PATH, i, "key"],
            `NodePool/${np.name}`
          );
      });
      for (const k of Object.keys(np.labels)) {
        const s = suggest(k);
        if (s)
          report(
            `NodePool ${np.name}: template label ${k} looks like the well-known label ${s}; did you mean ${s}?`,
            np.source,
            ["spec", "template", "metadata", "labels", k],
            `NodePool/${np.name}`
          );
      }
    }
    for (const w of ctx.head.workloads) {
      for (const k of Object.keys(w.pod.nodeSelector)) {
        const s = suggest(k);
        if (s)
          report(
            `${w.kind} ${w.namespace}/${w.name}: nodeSelector key ${k} looks like the well-known label ${s} but is not one: no node carries it, so the pod stays pending unless a NodePool declares it. Did you mean ${s}?`,
            w.source,
            ["spec", "template", "spec", "nodeSelector", k],
            `${w.kind}/${w.name}`
          );
      }
      (w.pod.requiredTerms[0] ?? []).forEach((r, i) => {
        const s = suggest(r.key);
        if (s)
          report(
            `${w.kind} ${w.namespace}/${w.name}: node-affinity key ${r.key} looks like the well-known label ${s}; did you mean ${s}?`,
            w.source,
            [
              "spec",
              "template",
              "spec",
              "affinity",
              "nodeAffinity",
              "requiredDuringSchedulingIgnoredDuringExecution",
              "nodeSelectorTerms",
              0,
              "matchExpressions",
              i,
              "key"
            ],
            `${w.kind}/${w.name}`
          );
      });
    }
  }
};
function distance(a, b) {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) dp[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      dp[i][j] = Math.min(dp[i - 1][j] + 1, dp[i][j - 1] + 1, dp[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  return dp[a.length][b.length];
}

// src/rules/overlays.ts
var overlayGateDisabled = {
  id: "overlay-gate-disabled",
  severity: "error",
  summary: "NodeOverlays exist but the NodeOverlay feature gate is off: Karpenter ignores them without any error.",
  check(ctx, report) {
    if (ctx.head.settings.featureGates.nodeOverlay) return;
    for (const o of ctx.head.overlays) {
      report(
        `NodeOverlay ${o.name} has no effect: the NodeOverlay feature gate is off (the default), and Karpenter ignores overlays silently. Set settings.featureGates.nodeOverlay: true in the karpenter chart values${ctx.config.controller.values ? ` (${ctx.config.controller.values})` : ""}.`,
        o.source,
        ["metadata", "name"],
        `NodeOverlay/${o.name}`
      );
    }
  }
};
var overlayUnscoped = {
  id: "overlay-unscoped",
  severity: "warning",
  summary: "A NodeOverlay has no karpenter.sh/nodepool requirement: it changes prices for every NodePool in the cluster.",
  check(ctx, report) {
    for (const o of ctx.head.overlays) {
      if (o.requirements.some((r) => r.key === LABEL_NODEPOOL && (r.operator === "In" || r.operator === "NotIn")))
        continue;
      const hit = /* @__PURE__ */ new Set();
      for (const k of ctx.sim.overlays?.prices.keys() ?? [])
        if (ctx.sim.overlays.prices.get(k).overlay === o.name) hit.add(parsePoolOfferingKey(k).nodePool);
      report(
        `NodeOverlay ${o.name} has no karpenter.sh/nodepool requirement: NodeOverlays are cluster-scoped, so it changes the prices every NodePool sees${hit.size ? ` (here: ${[...hit].sort().join(", ")})` : ""} \u2014 including their consolidation decisions. Add a karpenter.sh/nodepool In [...] requirement.`,
        o.source,
        ["spec", "requirements"],
        `NodeOverlay/${o.name}`
      );
    }
  }
};
var overlayConflict = {
  id: "overlay-conflict",
  severity: "error",
  summary: "Two NodeOverlays of equal weight hit the same offering: the alphabetically earlier one is dropped for all NodePools.",
  check(ctx, report) {
    for (const c of ctx.sim.overlays?.conflicts ?? []) {
      const o = ctx.head.overlays.find((x) => x.name === c.overlay);
      report(
        `NodeOverlay ${c.overlay} has the same weight (${o.weight || "unset"}) as ${c.with} and targets some of the same offerings: Karpenter applies ${c.with} (the name that sorts later) and drops ${c.overlay} entirely, for every NodePool (status Conflict). Give them different weights or disjoint requirements.`,
        o.source,
        o.weight ? ["spec", "weight"] : ["metadata", "name"],
        `NodeOverlay/${o.name}`
      );
    }
  }
};
var overlayPenaltyTooLarge = {
  id: "overlay-penalty-too-large",
  severity: "warning",
  summary: "A price adjustment pushes the penalised instance types out of the 60 candidates sent to EC2: the fallback (and prioritized) is lost.",
  check(ctx, report) {
    if (!ctx.head.settings.featureGates.nodeOverlay) return;
    const probe = probePod();
    for (const t of ctx.sim.templates) {
      const options = t.instanceTypes.filter(
        (it) => (it.allocatable.cpu ?? 0) >= probe.requests.cpu && (it.allocatable.memory ?? 0) >= probe.requests.memory
      );
      const penalised = options.filter((it) => it.offerings.some((o) => o.overlaid && o.price > o.cost));
      if (!penalised.length) continue;
      const ordered = options.map((it) => ({ it, p: cheapestOffering(it, t.requirements)?.price ?? Infinity })).sort((a, b) => a.p - b.p);
      const top = new Set(ordered.slice(0, MAX_LAUNCH_TYPES).map((x) => x.it.name));
      if (penalised.some((it) => top.has(it.name))) continue;
      const names = /* @__PURE__ */ new Set();
      for (const it of penalised)
        for (const o of it.offerings)
          if (o.overlaid) {
            const v = ctx.sim.overlays?.prices.get(poolOfferingKey(t.nodePool, it.name, o));
            if (v) names.add(v.overlay);
          }
      for (const name of names) {
        const o = ctx.head.overlays.find((x) => x.name === name);
        report(
          `NodeOverlay ${name} raises the price of ${penalised.length} instance type(s) of NodePool ${t.nodePool} so far that none of them is among the ${MAX_LAUNCH_TYPES} cheapest candidates sent to EC2 for a small pod: they can never be launched as a fallback, and no overlaid type reaches CreateFleet, so the prioritized strategy is lost. Keep the penalty just above the real price gap (the seeds suggest +20\u201330% at most).`,
          o.source,
          ["spec", "priceAdjustment"],
          `NodeOverlay/${o.name}`
        );
      }
    }
  }
};

// src/rules/workloads.ts
var AFFINITY = ["spec", "template", "spec", "affinity", "nodeAffinity"];
var nodepoolSelectorPinsPool = {
  id: "nodepool-selector-pins-pool",
  severity: "warning",
  summary: "A workload selects karpenter.sh/nodepool while another pool would otherwise host it: weight-based fallback is bypassed.",
  check(ctx, report) {
    for (const w of ctx.head.workloads) {
      const pinned = w.pod.nodeSelector[LABEL_NODEPOOL] ?? w.pod.requiredTerms[0]?.find((r) => r.key === LABEL_NODEPOOL && r.operator === "In" && r.values?.length === 1)?.values?.[0];
      if (!pinned) continue;
      const free = {
        ...w.pod,
        nodeSelector: Object.fromEntries(Object.entries(w.pod.nodeSelector).filter(([k]) => k !== LABEL_NODEPOOL)),
        requiredTerms: w.pod.requiredTerms.map((t) => t.filter((r) => r.key !== LABEL_NODEPOOL))
      };
      const others = hosts(ctx, free).filter((t) => t.nodePool !== pinned);
      if (!others.length) continue;
      const path = w.pod.nodeSelector[LABEL_NODEPOOL] ? ["spec", "template", "spec", "nodeSelector", LABEL_NODEPOOL] : [...AFFINITY];
      report(
        `${w.kind} ${w.namespace}/${w.name} selects karpenter.sh/nodepool=${pinned}, while ${others.map((t) => `${t.nodePool} (weight ${t.weight})`).join(", ")} could also host it: the selector bypasses the weight order, so there is no fallback when ${pinned} cannot launch (ICE, limits). Remove the selector and let the weights decide.`,
        w.source,
        path,
        `${w.kind}/${w.name}`
      );
    }
  }
};
var customLabelUndeclared = {
  id: "custom-label-undeclared",
  severity: "error",
  summary: "A workload requires a custom label that no NodePool declares (requirement or template label): pending forever.",
  check(ctx, report) {
    const declared = /* @__PURE__ */ new Set();
    for (const np of ctx.head.nodePools) {
      np.requirements.forEach((r) => declared.add(normalizeKey(r.key)));
      Object.keys(np.labels).forEach((k) => declared.add(k));
    }
    for (const w of ctx.head.workloads) {
      const check = (key, op, path) => {
        const k = normalizeKey(key);
        if (WELL_KNOWN_LABELS.has(k) || k === "kubernetes.io/hostname" || declared.has(k)) return;
        if (op === "NotIn" || op === "DoesNotExist") return;
        report(
          `${w.kind} ${w.namespace}/${w.name} requires the custom label ${key} (${op}), but no NodePool declares it as a requirement or template label: Karpenter cannot launch a node with it ("label does not have known values"), so the pod stays pending. Add it to a NodePool (e.g. requirement ${key} Exists, or a template label).`,
          w.source,
          path,
          `${w.kind}/${w.name}`
        );
      };
      for (const k of Object.keys(w.pod.nodeSelector)) check(k, "In", ["spec", "template", "spec", "nodeSelector", k]);
      (w.pod.requiredTerms[0] ?? []).forEach(
        (r, i) => check(r.key, r.operator, [
          ...AFFINITY,
          "requiredDuringSchedulingIgnoredDuringExecution",
          "nodeSelectorTerms",
          0,
          "matchExpressions",
          i
        ])
      );
    }
  }
};
var capacityTypeExactOnDemand = {
  id: "capacity-type-exact-on-demand",
  severity: "info",
  summary: "A workload pins karpenter.sh/capacity-type: on-demand while reserved capacity exists: it can never use the reservation.",
  check(ctx, report) {
    const reservedPools = ctx.sim.templates.filter(
      (t) => t.instanceTypes.some((it) => it.offerings.some((o) => o.capacityType === "reserved" && o.available)) && allowedCapacityTypes(nodePoolByName(ctx, t.nodePool)).has("reserved")
    );
    if (!reservedPools.length) return;
    for (const w of ctx.head.workloads) {
      if (w.pod.nodeSelector[LABEL_CAPACITY_TYPE] !== "on-demand") continue;
      report(
        `${w.kind} ${w.namespace}/${w.name} selects karpenter.sh/capacity-type=on-demand, while NodePool(s) ${reservedPools.map((t) => t.nodePool).join(", ")} have reserved capacity: reserved offerings carry capacity-type "reserved", so this pod can never use the reservation you pay for. Select NotIn [spot] instead.`,
        w.source,
        ["spec", "template", "spec", "nodeSelector", LABEL_CAPACITY_TYPE],
        `${w.kind}/${w.name}`
      );
    }
  }
};
var SHAPE_KEYS = [LABEL_INSTANCE_GENERATION, LABEL_INSTANCE_FAMILY, LABEL_INSTANCE_CATEGORY, LABEL_INSTANCE_TYPE];
var preferredAffinityGeneration = {
  id: "preferred-affinity-generation",
  severity: "info",
  summary: "A workload expresses a generation or family preference with preferred node affinity: a NodePool split is the reliable tool.",
  check(ctx, report) {
    for (const w of ctx.head.workloads) {
      const i = w.pod.preferredTerms.findIndex(
        (t) => t.requirements.some((r) => SHAPE_KEYS.includes(normalizeKey(r.key)))
      );
      if (i < 0) continue;
      const keys = [
        ...new Set(
          w.pod.preferredTerms[i].requirements.map((r) => r.key).filter((k) => SHAPE_KEYS.includes(normalizeKey(k)))
        )
      ];
      report(
        `${w.kind} ${w.namespace}/${w.name} prefers ${keys.join(", ")} through preferred node affinity. Karpenter treats the heaviest preferred term as required, relaxes it away when it does not fit (after the required OR-terms, in a fixed order), and ignores it entirely with PreferencePolicy Ignore; within one NodeClaim the cheapest type still wins. For a reliable generation preference, split the NodePool and use weights.`,
        w.source,
        [...AFFINITY, "preferredDuringSchedulingIgnoredDuringExecution", i],
        `${w.kind}/${w.name}`
      );
    }
  }
};

// src/rules/engine.ts
function runRules(rules, ctx) {
  const out = [];
  for (const rule of rules) {
    const level = ctx.config.rules[rule.id];
    if (level === "off") continue;
    const severity = level ?? rule.severity;
    const seen = /* @__PURE__ */ new Set();
    const report = (message, source, path = [], object = null) => {
      const pos = source?.locate(path) ?? null;
      const f = {
        rule: rule.id,
        severity,
        message,
        file: pos?.file ?? source?.file ?? null,
        line: pos?.line ?? source?.line ?? null,
        column: pos?.column ?? null,
        object,
        ...path.length ? { path: path.join(".") } : {}
      };
      const key = `${f.file}:${f.line}:${message}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push(f);
    };
    try {
      rule.check(ctx, report);
    } catch (e) {
      out.push({
        rule: rule.id,
        severity: "info",
        message: `the rule could not be evaluated for this input: ${errorMessage(e)}`,
        file: null,
        line: null,
        object: null
      });
    }
  }
  return out;
}

// src/rules/index.ts
var RULES = [
  equalWeightOverlap,
  nodepoolSelectorPinsPool,
  mixedGenerationsOnePool,
  overlayGateDisabled,
  overlayUnscoped,
  overlayConflict,
  overlayPenaltyTooLarge,
  spotMixedWithPreference,
  requirementsFilterAllTypes,
  minValuesUnsatisfiable,
  numericRangeEmpty,
  customLabelUndeclared,
  lookAlikeLabel,
  capacityTypeExactOnDemand,
  flexDoesNotExist,
  amiAliasLatest,
  expireWithoutTgp,
  fallbackWithoutExpiry,
  budgetInvalidSchedule,
  budgetBlocksDrift,
  budgetUnlimited,
  nodeclassNotFound,
  poolRemovedWithNodes,
  limitsBlockFallback,
  preferredAffinityGeneration,
  spotToSpotFewTypes
];

// src/cloudprovider/unavailable-offerings.ts
var UNAVAILABLE_OFFERING_TTL_MINUTES = 3;
function unavailableOfferings(catalog, zones, scenario) {
  const out = /* @__PURE__ */ new Set();
  const sets = scenario.unavailable.map((reqs) => Requirements.fromNodeSelectorRequirements(reqs));
  const zoneReqs = zones.map((z) => Requirement.of(LABEL_ZONE, "In", [z]));
  const capacityReqs = ["on-demand", "spot", "reserved"].map((ct) => Requirement.of(LABEL_CAPACITY_TYPE, "In", [ct]));
  for (const t of catalog.types) {
    const labels = Requirements.fromLabels(t.labels);
    zones.forEach((zone, zi) => {
      capacityReqs.forEach((ctReq, ci) => {
        const offering = labels.clone().add(zoneReqs[zi]).add(ctReq);
        if (sets.some((s) => offering.isCompatible(s, false)))
          out.add(unavailableKey(["on-demand", "spot", "reserved"][ci], t.name, zone));
      });
    });
  }
  return out;
}
function iceTimeline(batchIdle, batchMax) {
  return `The first launch fails with InsufficientInstanceCapacity and the offerings are cached unavailable for ${UNAVAILABLE_OFFERING_TTL_MINUTES} minutes; the NodeClaim is deleted, the pods are re-queued and the next batch (idle ${batchIdle}, max ${batchMax}) launches the placement shown; after the cache expires, new pods try the preferred offerings again (existing fallback nodes stay until consolidation or expiry moves them).`;
}

// src/plan/findings.ts
function classifyFindings(head, base, s) {
  const headFps = fingerprints(head);
  const baseFps = base ? fingerprints(base) : [];
  const inBase = new Set(baseFps);
  const inHead = new Set(headFps);
  const findings = [];
  const suppressed = [];
  head.forEach((f, i) => {
    const marked = { ...f, new: base === null || !inBase.has(headFps[i]), fingerprint: headFps[i] };
    const why = suppression(marked, headFps[i], s);
    if (why) suppressed.push({ ...marked, ...why });
    else findings.push(marked);
  });
  const resolved = base ? base.flatMap((f, i) => inHead.has(baseFps[i]) ? [] : [{ ...f, new: false, fingerprint: baseFps[i] }]) : [];
  sortFindings(findings);
  sortFindings(resolved);
  return { findings, resolved, suppressed };
}
function suppression(f, fp, s) {
  const a = f.object ? s.annotations.get(f.object) : void 0;
  if (a && (a.rules.has(f.rule) || a.rules.has("*"))) return { suppressedBy: "annotation", reason: a.reason };
  const [kind, ...rest] = (f.object ?? "").split("/");
  const name = rest.join("/");
  for (const i of s.ignore) {
    if (i.rule !== f.rule && i.rule !== "*") continue;
    if (i.kind !== void 0 && i.kind !== kind) continue;
    if (i.name !== void 0 && i.name !== name) continue;
    return { suppressedBy: "config", reason: i.reason ?? null };
  }
  if (s.baseline?.fingerprints.has(fp)) return { suppressedBy: "baseline", reason: `recorded in ${s.baseline.file}` };
  return null;
}

// node_modules/diff/libesm/diff/base.js
var Diff = class {
  diff(oldStr, newStr, options = {}) {
    let callback;
    if (typeof options === "function") {
      callback = options;
      options = {};
    } else if ("callback" in options) {
      callback = options.callback;
    }
    const oldString = this.castInput(oldStr, options);
    const newString = this.castInput(newStr, options);
    const oldTokens = this.removeEmpty(this.tokenize(oldString, options));
    const newTokens = this.removeEmpty(this.tokenize(newString, options));
    return this.diffWithOptionsObj(oldTokens, newTokens, options, callback);
  }
  diffWithOptionsObj(oldTokens, newTokens, options, callback) {
    var _a;
    const done = (value) => {
      value = this.postProcess(value, options);
      if (callback) {
        setTimeout(function() {
          callback(value);
        }, 0);
        return void 0;
      } else {
        return value;
      }
    };
    const newLen = newTokens.length, oldLen = oldTokens.length;
    let editLength = 1;
    let maxEditLength = newLen + oldLen;
    if (options.maxEditLength != null) {
      maxEditLength = Math.min(maxEditLength, options.maxEditLength);
    }
    const maxExecutionTime = (_a = options.timeout) !== null && _a !== void 0 ? _a : Infinity;
    const abortAfterTimestamp = Date.now() + maxExecutionTime;
    const bestPath = [{ oldPos: -1, lastComponent: void 0 }];
    let newPos = this.extractCommon(bestPath[0], newTokens, oldTokens, 0, options);
    if (bestPath[0].oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
      return done(this.buildValues(bestPath[0].lastComponent, newTokens, oldTokens));
    }
    let minDiagonalToConsider = -Infinity, maxDiagonalToConsider = Infinity;
    const execEditLength = () => {
      for (let diagonalPath = Math.max(minDiagonalToConsider, -editLength); diagonalPath <= Math.min(maxDiagonalToConsider, editLength); diagonalPath += 2) {
        let basePath;
        const removePath = bestPath[diagonalPath - 1], addPath = bestPath[diagonalPath + 1];
        if (removePath) {
          bestPath[diagonalPath - 1] = void 0;
        }
        let canAdd = false;
        if (addPath) {
          const addPathNewPos = addPath.oldPos - diagonalPath;
          canAdd = addPath && 0 <= addPathNewPos && addPathNewPos < newLen;
        }
        const canRemove = removePath && removePath.oldPos + 1 < oldLen;
        if (!canAdd && !canRemove) {
          bestPath[diagonalPath] = void 0;
          continue;
        }
        if (!canRemove || canAdd && removePath.oldPos < addPath.oldPos) {
          basePath = this.addToPath(addPath, true, false, 0, options);
        } else {
          basePath = this.addToPath(removePath, false, true, 1, options);
        }
        newPos = this.extractCommon(basePath, newTokens, oldTokens, diagonalPath, options);
        if (basePath.oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
          return done(this.buildValues(basePath.lastComponent, newTokens, oldTokens)) || true;
        } else {
          bestPath[diagonalPath] = basePath;
          if (basePath.oldPos + 1 >= oldLen) {
            maxDiagonalToConsider = Math.min(maxDiagonalToConsider, diagonalPath - 1);
          }
          if (newPos + 1 >= newLen) {
            minDiagonalToConsider = Math.max(minDiagonalToConsider, diagonalPath + 1);
          }
        }
      }
      editLength++;
    };
    if (callback) {
      (function exec() {
        setTimeout(function() {
          if (editLength > maxEditLength || Date.now() > abortAfterTimestamp) {
            return callback(void 0);
          }
          if (!execEditLength()) {
            exec();
          }
        }, 0);
      })();
    } else {
      while (editLength <= maxEditLength && Date.now() <= abortAfterTimestamp) {
        const ret = execEditLength();
        if (ret) {
          return ret;
        }
      }
    }
  }
  addToPath(path, added, removed, oldPosInc, options) {
    const last = path.lastComponent;
    if (last && !options.oneChangePerToken && last.added === added && last.removed === removed) {
      return {
        oldPos: path.oldPos + oldPosInc,
        lastComponent: { count: last.count + 1, added, removed, previousComponent: last.previousComponent }
      };
    } else {
      return {
        oldPos: path.oldPos + oldPosInc,
        lastComponent: { count: 1, added, removed, previousComponent: last }
      };
    }
  }
  extractCommon(basePath, newTokens, oldTokens, diagonalPath, options) {
    const newLen = newTokens.length, oldLen = oldTokens.length;
    let oldPos = basePath.oldPos, newPos = oldPos - diagonalPath, commonCount = 0;
    while (newPos + 1 < newLen && oldPos + 1 < oldLen && this.equals(oldTokens[oldPos + 1], newTokens[newPos + 1], options)) {
      newPos++;
      oldPos++;
      commonCount++;
      if (options.oneChangePerToken) {
        basePath.lastComponent = { count: 1, previousComponent: basePath.lastComponent, added: false, removed: false };
      }
    }
    if (commonCount && !options.oneChangePerToken) {
      basePath.lastComponent = { count: commonCount, previousComponent: basePath.lastComponent, added: false, removed: false };
    }
    basePath.oldPos = oldPos;
    return newPos;
  }
  equals(left, right, options) {
    if (options.comparator) {
      return options.comparator(left, right);
    } else {
      return left === right || !!options.ignoreCase && left.toLowerCase() === right.toLowerCase();
    }
  }
  removeEmpty(array) {
    const ret = [];
    for (let i = 0; i < array.length; i++) {
      if (array[i]) {
        ret.push(array[i]);
      }
    }
    return ret;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  castInput(value, options) {
    return value;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  tokenize(value, options) {
    return Array.from(value);
  }
  join(chars) {
    return chars.join("");
  }
  postProcess(changeObjects, options) {
    return changeObjects;
  }
  get useLongestToken() {
    return false;
  }
  buildValues(lastComponent, newTokens, oldTokens) {
    const components = [];
    let nextComponent;
    while (lastComponent) {
      components.push(lastComponent);
      nextComponent = lastComponent.previousComponent;
      delete lastComponent.previousComponent;
      lastComponent = nextComponent;
    }
    components.reverse();
    const componentLen = components.length;
    let componentPos = 0, newPos = 0, oldPos = 0;
    for (; componentPos < componentLen; componentPos++) {
      const component = components[componentPos];
      if (!component.removed) {
        if (!component.added && this.useLongestToken) {
          let value = newTokens.slice(newPos, newPos + component.count);
          value = value.map(function(value2, i) {
            const oldValue = oldTokens[oldPos + i];
            return oldValue.length > value2.length ? oldValue : value2;
          });
          component.value = this.join(value);
        } else {
          component.value = this.join(newTokens.slice(newPos, newPos + component.count));
        }
        newPos += component.count;
        if (!component.added) {
          oldPos += component.count;
        }
      } else {
        component.value = this.join(oldTokens.slice(oldPos, oldPos + component.count));
        oldPos += component.count;
      }
    }
    return components;
  }
};

// node_modules/diff/libesm/diff/line.js
var LineDiff = class extends Diff {
  constructor() {
    super(...arguments);
    this.tokenize = tokenize;
  }
  equals(left, right, options) {
    if (options.ignoreWhitespace) {
      if (!options.newlineIsToken || !left.includes("\n")) {
        left = left.trim();
      }
      if (!options.newlineIsToken || !right.includes("\n")) {
        right = right.trim();
      }
    } else if (options.ignoreNewlineAtEof && !options.newlineIsToken) {
      if (left.endsWith("\n")) {
        left = left.slice(0, -1);
      }
      if (right.endsWith("\n")) {
        right = right.slice(0, -1);
      }
    }
    return super.equals(left, right, options);
  }
};
var lineDiff = new LineDiff();
function diffLines(oldStr, newStr, options) {
  return lineDiff.diff(oldStr, newStr, options);
}
function tokenize(value, options) {
  if (options.stripTrailingCr) {
    value = value.replace(/\r\n/g, "\n");
  }
  const retLines = [], linesAndNewlines = value.split(/(\n|\r\n)/);
  if (!linesAndNewlines[linesAndNewlines.length - 1]) {
    linesAndNewlines.pop();
  }
  for (let i = 0; i < linesAndNewlines.length; i++) {
    const line = linesAndNewlines[i];
    if (i % 2 && !options.newlineIsToken) {
      retLines[retLines.length - 1] += line;
    } else {
      retLines.push(line);
    }
  }
  return retLines;
}

// node_modules/diff/libesm/patch/create.js
function needsQuoting(s) {
  for (let i = 0; i < s.length; i++) {
    if (s[i] < " " || s[i] > "~" || s[i] === '"' || s[i] === "\\") {
      return true;
    }
  }
  return false;
}
function quoteFileNameIfNeeded(s) {
  if (!needsQuoting(s)) {
    return s;
  }
  let result2 = '"';
  const bytes = new TextEncoder().encode(s);
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b === 7) {
      result2 += "\\a";
    } else if (b === 8) {
      result2 += "\\b";
    } else if (b === 9) {
      result2 += "\\t";
    } else if (b === 10) {
      result2 += "\\n";
    } else if (b === 11) {
      result2 += "\\v";
    } else if (b === 12) {
      result2 += "\\f";
    } else if (b === 13) {
      result2 += "\\r";
    } else if (b === 34) {
      result2 += '\\"';
    } else if (b === 92) {
      result2 += "\\\\";
    } else if (b >= 32 && b <= 126) {
      result2 += String.fromCharCode(b);
    } else {
      result2 += "\\" + b.toString(8).padStart(3, "0");
    }
    i++;
  }
  result2 += '"';
  return result2;
}
var INCLUDE_HEADERS = {
  includeIndex: true,
  includeUnderline: true,
  includeFileHeaders: true
};
function structuredPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, options) {
  let optionsObj;
  if (!options) {
    optionsObj = {};
  } else if (typeof options === "function") {
    optionsObj = { callback: options };
  } else {
    optionsObj = options;
  }
  if (typeof optionsObj.context === "undefined") {
    optionsObj.context = 4;
  }
  const context = optionsObj.context;
  if (optionsObj.newlineIsToken) {
    throw new Error("newlineIsToken may not be used with patch-generation functions, only with diffing functions");
  }
  if (!optionsObj.callback) {
    return diffLinesResultToPatch(diffLines(oldStr, newStr, optionsObj));
  } else {
    const { callback } = optionsObj;
    diffLines(oldStr, newStr, Object.assign(Object.assign({}, optionsObj), { callback: (diff) => {
      const patch = diffLinesResultToPatch(diff);
      callback(patch);
    } }));
  }
  function diffLinesResultToPatch(diff) {
    if (!diff) {
      return;
    }
    diff.push({ value: "", lines: [] });
    function contextLines(lines) {
      return lines.map(function(entry) {
        return " " + entry;
      });
    }
    const hunks = [];
    let oldRangeStart = 0, newRangeStart = 0, curRange = [], oldLine = 1, newLine = 1;
    for (let i = 0; i < diff.length; i++) {
      const current = diff[i], lines = current.lines || splitLines(current.value);
      current.lines = lines;
      if (current.added || current.removed) {
        if (!oldRangeStart) {
          const prev = diff[i - 1];
          oldRangeStart = oldLine;
          newRangeStart = newLine;
          if (prev) {
            curRange = context > 0 ? contextLines(prev.lines.slice(-context)) : [];
            oldRangeStart -= curRange.length;
            newRangeStart -= curRange.length;
          }
        }
        for (const line of lines) {
          curRange.push((current.added ? "+" : "-") + line);
        }
        if (current.added) {
          newLine += lines.length;
        } else {
          oldLine += lines.length;
        }
      } else {
        if (oldRangeStart) {
          if (lines.length <= context * 2 && i < diff.length - 2) {
            for (const line of contextLines(lines)) {
              curRange.push(line);
            }
          } else {
            const contextSize = Math.min(lines.length, context);
            for (const line of contextLines(lines.slice(0, contextSize))) {
              curRange.push(line);
            }
            const hunk = {
              oldStart: oldRangeStart,
              oldLines: oldLine - oldRangeStart + contextSize,
              newStart: newRangeStart,
              newLines: newLine - newRangeStart + contextSize,
              lines: curRange
            };
            hunks.push(hunk);
            oldRangeStart = 0;
            newRangeStart = 0;
            curRange = [];
          }
        }
        oldLine += lines.length;
        newLine += lines.length;
      }
    }
    for (const hunk of hunks) {
      for (let i = 0; i < hunk.lines.length; i++) {
        if (hunk.lines[i].endsWith("\n")) {
          hunk.lines[i] = hunk.lines[i].slice(0, -1);
        } else {
          hunk.lines.splice(i + 1, 0, "\\ No newline at end of file");
          i++;
        }
      }
    }
    return {
      oldFileName,
      newFileName,
      oldHeader,
      newHeader,
      hunks
    };
  }
}
function formatPatch(patch, headerOptions) {
  var _a, _b, _c, _d, _e, _f;
  if (!headerOptions) {
    headerOptions = INCLUDE_HEADERS;
  }
  if (Array.isArray(patch)) {
    if (patch.length > 1 && !headerOptions.includeFileHeaders && !patch.every((p) => p.isGit)) {
      throw new Error("Cannot omit file headers on a multi-file patch. (The result would be unparseable; how would a tool trying to apply the patch know which changes are to which file?)");
    }
    return patch.map((p) => formatPatch(p, headerOptions)).join("\n");
  }
  const ret = [];
  if (patch.isGit) {
    headerOptions = INCLUDE_HEADERS;
    if (!patch.oldFileName) {
      throw new Error("oldFileName must be specified for Git patches");
    }
    if (!patch.newFileName) {
      throw new Error("newFileName must be specified for Git patches");
    }
    let gitOldName = patch.oldFileName;
    let gitNewName = patch.newFileName;
    if (patch.isCreate && gitOldName === "/dev/null") {
      gitOldName = gitNewName.replace(/^b\//, "a/");
    } else if (patch.isDelete && gitNewName === "/dev/null") {
      gitNewName = gitOldName.replace(/^a\//, "b/");
    }
    ret.push("diff --git " + quoteFileNameIfNeeded(gitOldName) + " " + quoteFileNameIfNeeded(gitNewName));
    if (patch.isDelete) {
      ret.push("deleted file mode " + ((_a = patch.oldMode) !== null && _a !== void 0 ? _a : "100644"));
    }
    if (patch.isCreate) {
      ret.push("new file mode " + ((_b = patch.newMode) !== null && _b !== void 0 ? _b : "100644"));
    }
    if (patch.oldMode && patch.newMode && !patch.isDelete && !patch.isCreate) {
      ret.push("old mode " + patch.oldMode);
      ret.push("new mode " + patch.newMode);
    }
    if (patch.isRename) {
      ret.push("rename from " + quoteFileNameIfNeeded(((_c = patch.oldFileName) !== null && _c !== void 0 ? _c : "").replace(/^a\//, "")));
      ret.push("rename to " + quoteFileNameIfNeeded(((_d = patch.newFileName) !== null && _d !== void 0 ? _d : "").replace(/^b\//, "")));
    }
    if (patch.isCopy) {
      ret.push("copy from " + quoteFileNameIfNeeded(((_e = patch.oldFileName) !== null && _e !== void 0 ? _e : "").replace(/^a\//, "")));
      ret.push("copy to " + quoteFileNameIfNeeded(((_f = patch.newFileName) !== null && _f !== void 0 ? _f : "").replace(/^b\//, "")));
    }
  } else {
    if (headerOptions.includeIndex && patch.oldFileName == patch.newFileName && patch.oldFileName !== void 0) {
      ret.push("Index: " + patch.oldFileName);
    }
    if (headerOptions.includeUnderline) {
      ret.push("===================================================================");
    }
  }
  const hasHunks = patch.hunks.length > 0;
  if (headerOptions.includeFileHeaders && patch.oldFileName !== void 0 && patch.newFileName !== void 0 && (!patch.isGit || hasHunks)) {
    ret.push("--- " + quoteFileNameIfNeeded(patch.oldFileName) + (patch.oldHeader ? "	" + patch.oldHeader : ""));
    ret.push("+++ " + quoteFileNameIfNeeded(patch.newFileName) + (patch.newHeader ? "	" + patch.newHeader : ""));
  }
  for (let i = 0; i < patch.hunks.length; i++) {
    const hunk = patch.hunks[i];
    const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    ret.push("@@ -" + oldStart + "," + hunk.oldLines + " +" + newStart + "," + hunk.newLines + " @@");
    for (const line of hunk.lines) {
      ret.push(line);
    }
  }
  return ret.join("\n") + "\n";
}
function createTwoFilesPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, options) {
  if (typeof options === "function") {
    options = { callback: options };
  }
  if (!(options === null || options === void 0 ? void 0 : options.callback)) {
    const patchObj = structuredPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, options);
    if (!patchObj) {
      return;
    }
    return formatPatch(patchObj, options === null || options === void 0 ? void 0 : options.headerOptions);
  } else {
    const { callback } = options;
    structuredPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, Object.assign(Object.assign({}, options), { callback: (patchObj) => {
      if (!patchObj) {
        callback(void 0);
      } else {
        callback(formatPatch(patchObj, options.headerOptions));
      }
    } }));
  }
}
function splitLines(text) {
  const hasTrailingNl = text.endsWith("\n");
  const result2 = text.split("\n").map((line) => line + "\n");
  if (hasTrailingNl) {
    result2.pop();
  } else {
    result2.push(result2.pop().slice(0, -1));
  }
  return result2;
}

// src/plan/objectdiff.ts
var import_yaml7 = __toESM(require_dist(), 1);
function changedPaths(a, b, prefix = "") {
  if (isObject(a) && isObject(b)) {
    const keys = [.../* @__PURE__ */ new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    const out = [];
    for (const k of keys) out.push(...changedPaths(a[k], b[k], prefix ? `${prefix}.${k}` : k));
    return out;
  }
  return deepEqual(a, b) ? [] : [prefix || "."];
}
function deepEqual(a, b) {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}
function relevantView(raw) {
  const meta = isObject(raw.metadata) ? raw.metadata : {};
  const view = { apiVersion: raw.apiVersion, kind: raw.kind, metadata: { name: meta.name } };
  if (isObject(meta.labels)) view.metadata.labels = meta.labels;
  if (raw.spec !== void 0) view.spec = raw.spec;
  return view;
}
function unifiedDiff(name, a, b) {
  const ta = a ? (0, import_yaml7.stringify)(a, { lineWidth: 0 }) : "";
  const tb = b ? (0, import_yaml7.stringify)(b, { lineWidth: 0 }) : "";
  if (ta === tb) return "";
  const patch = createTwoFilesPatch(`base/${name}`, `head/${name}`, ta, tb, "", "", { context: 3 });
  return patch.split("\n").filter((l) => !l.startsWith("====")).join("\n").trimEnd();
}

// src/plan/plan.ts
function buildPlan(input) {
  const { base, head, config } = input;
  const objects = compareObjects(base, head);
  const nodePools = compareNodePools(objects, input.replacements?.pools ?? [], input.headSim);
  const repl = input.replacements;
  const nodesRemoved = (repl?.pools ?? []).reduce((a, p) => a + p.nodesRemoved, 0);
  const nodesReplaced = (repl?.pools ?? []).reduce((a, p) => a + p.nodesDrifted - p.nodesRemoved, 0);
  const workloads = compareWorkloads(input);
  const classified = classifyFindings(
    head.findings,
    input.kind === "diff" ? base.findings : null,
    input.suppressions ?? NO_SUPPRESSIONS
  );
  const findings = classified.findings;
  const counts = countBySeverity(findings);
  const newCounts = countBySeverity(findings.filter((f) => f.new));
  const probes2 = new Set(
    [...input.baseSim?.workloads ?? [], ...input.headSim?.workloads ?? []].filter((w) => w.probe).map((w) => w.key)
  );
  const newlyUnschedulable = workloads.filter(
    (w) => w.base?.schedulable && w.head && !w.head.schedulable && !probes2.has(workloadKey(w.kind, w.namespace, w.name))
  ).map(({ kind, namespace, name }) => ({ kind, namespace, name }));
  const blocked = nodePools.filter((p) => p.budget?.verdict === "blocked").map((p) => p.name);
  const fleetSize = repl?.fleet.nodes.length ?? 0;
  const verdictDetails = decideVerdict(config, {
    counts: config.policy.failOnExisting ? counts : newCounts,
    onlyNew: !config.policy.failOnExisting && input.kind === "diff",
    newlyUnschedulable,
    blocked,
    replacedOrRemoved: nodesReplaced + nodesRemoved,
    fleetSize
  });
  const alerts = decideAlerts(nodePools, { nodesRemoved, nodesReplaced, newlyUnschedulable, blocked });
  const assumptions = [...input.assumptions ?? []];
  for (const a of [...input.baseSim?.assumptions ?? [], ...input.headSim?.assumptions ?? []])
    if (!assumptions.includes(a)) assumptions.push(a);
  for (const n of [...base.notes, ...head.notes]) if (!assumptions.includes(n)) assumptions.push(n);
  return {
    schemaVersion: SCHEMA_VERSION,
    verdict: verdictDetails.length > 0 ? "fail" : "pass",
    kind: input.kind,
    changed: objects.some((o) => o.change !== "unchanged") || workloads.some((w) => w.changed) || nodesReplaced + nodesRemoved > 0,
    verdictDetails,
    alerts,
    newlyUnschedulable,
    nothingEvaluated: objects.length === 0 && findings.some((f) => f.rule === "input-not-evaluated"),
    summary: {
      workloadsChanged: workloads.filter((w) => w.changed).length,
      nodesReplaced,
      nodesRemoved,
      nodesConsolidated: repl?.consolidation?.length ?? 0,
      findings: counts,
      newFindings: newCounts,
      resolvedFindings: classified.resolved.length,
      suppressedFindings: classified.suppressed.length,
      hourlyCost: { base: input.baseSim?.hourlyCost ?? null, head: input.headSim?.hourlyCost ?? null }
    },
    workloads,
    nodePools,
    replacements: [...repl?.replacements ?? [], ...repl?.consolidation ?? []],
    findings,
    resolvedFindings: classified.resolved,
    suppressedFindings: classified.suppressed,
    base: { label: base.label, sha: base.sha, committedAt: base.committedAt },
    head: { label: head.label, sha: head.sha, committedAt: head.committedAt },
    objects,
    verdictReasons: verdictDetails.map((r) => r.message),
    assumptions,
    inputs: {
      base: { files: base.files, ignoredKinds: base.ignoredKinds, renderers: base.renderers },
      head: { files: head.files, ignoredKinds: head.ignoredKinds, renderers: head.renderers }
    },
    scenarios: (input.scenarios ?? []).map((sc) => ({
      name: sc.name,
      unavailableOfferings: sc.unavailable,
      timeline: sc.timeline,
      hourlyCost: sc.sim.hourlyCost,
      workloads: (input.headSim?.workloads ?? []).map((w) => {
        const h = input.headSim.placements.get(w.key) ?? null;
        const x = sc.sim.placements.get(w.key) ?? null;
        return {
          kind: w.kind,
          namespace: w.namespace,
          name: w.name,
          head: h ? toPlacement(h) : null,
          scenario: x ? toPlacement(x) : null,
          changed: placementChanged(h, x)
        };
      }).sort((a, b) => Number(b.changed) - Number(a.changed))
    })),
    fleet: {
      source: repl?.fleet.source ?? "none",
      nodes: repl?.fleet.nodes.length ?? 0,
      notes: repl?.fleet.notes ?? [],
      composition: {
        base: composition(input.baseSim, (n) => n.instanceType.split(".")[0]),
        head: composition(input.headSim, (n) => n.instanceType.split(".")[0])
      },
      generations: { base: composition(input.baseSim, generationOf), head: composition(input.headSim, generationOf) },
      simulated: { base: simulatedNodes(input.baseSim), head: simulatedNodes(input.headSim) }
    }
  };
}
function decideVerdict(config, f) {
  const out = [];
  const { failOn, maxReplacedNodes, maxReplacedPercent } = config.policy;
  if (failOn === "never") return out;
  const kind = f.onlyNew ? "new " : "";
  if (f.counts.error > 0) out.push({ code: "error-findings", message: `${f.counts.error} ${kind}error finding(s)` });
  if (failOn === "warning" && f.counts.warning > 0)
    out.push({ code: "warning-findings", message: `${f.counts.warning} ${kind}warning finding(s)` });
  if (f.newlyUnschedulable.length > 0)
    out.push({
      code: "workloads-unschedulable",
      message: `${f.newlyUnschedulable.length} workload(s) become unschedulable`
    });
  if (f.blocked.length > 0)
    out.push({ code: "rollout-blocked", message: `the rollout of ${f.blocked.join(", ")} is blocked by its budgets` });
  if (maxReplacedNodes !== void 0 && f.replacedOrRemoved > maxReplacedNodes) {
    out.push({
      code: "max-replaced-nodes",
      message: `${f.replacedOrRemoved} nodes replaced or removed (policy maxReplacedNodes ${maxReplacedNodes})`
    });
  }
  if (maxReplacedPercent !== void 0 && f.fleetSize > 0 && f.replacedOrRemoved * 100 / f.fleetSize > maxReplacedPercent) {
    out.push({
      code: "max-replaced-percent",
      message: `${Math.round(f.replacedOrRemoved * 100 / f.fleetSize)}% of the fleet replaced or removed (policy maxReplacedPercent ${maxReplacedPercent}%)`
    });
  }
  return out;
}
function decideAlerts(nodePools, f) {
  const removed = nodePools.filter((p) => p.change === "removed").map((p) => p.name);
  const cautions = [];
  if (removed.length)
    cautions.push({ level: "caution", code: "pool-removed", subjects: removed, count: f.nodesRemoved });
  if (f.blocked.length)
    cautions.push({ level: "caution", code: "rollout-blocked", subjects: f.blocked, count: f.blocked.length });
  if (f.newlyUnschedulable.length) {
    cautions.push({
      level: "caution",
      code: "workloads-unschedulable",
      subjects: f.newlyUnschedulable.map((w) => `${w.namespace}/${w.name}`),
      count: f.newlyUnschedulable.length
    });
  }
  if (cautions.length) return cautions;
  const warnings = [];
  if (f.nodesReplaced > 0)
    warnings.push({ level: "warning", code: "nodes-replaced", subjects: [], count: f.nodesReplaced });
  const unlimited = nodePools.filter((p) => p.budget?.verdict === "unlimited").map((p) => p.name);
  if (unlimited.length)
    warnings.push({ level: "warning", code: "budget-unlimited", subjects: unlimited, count: unlimited.length });
  return warnings;
}
function composition(sim, key) {
  const out = {};
  for (const n of sim?.fleet ?? []) {
    const k = key(n);
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}
function simulatedNodes(sim) {
  return (sim?.fleet ?? []).map(
    ({ name, nodePool, instanceType, zone, capacityType, pricePerHour, allocationStrategy, pods }) => ({
      name,
      nodePool,
      instanceType,
      zone,
      capacityType,
      pricePerHour,
      allocationStrategy,
      pods
    })
  );
}
function generationOf(n) {
  return `gen ${n.labels["karpenter.k8s.aws/instance-generation"] ?? "?"}`;
}
function compareObjects(base, head) {
  const out = [];
  const kinds = [
    ["NodePool", base.nodePools, head.nodePools],
    ["EC2NodeClass", base.nodeClasses, head.nodeClasses],
    ["NodeOverlay", base.overlays, head.overlays]
  ];
  for (const [kind, a, b] of kinds) {
    const am = new Map(a.map((o) => [o.name, o]));
    const bm = new Map(b.map((o) => [o.name, o]));
    for (const name of [.../* @__PURE__ */ new Set([...am.keys(), ...bm.keys()])].sort()) {
      const x = am.get(name), y = bm.get(name);
      const xv = x ? relevantView(x.raw) : null;
      const yv = y ? relevantView(y.raw) : null;
      const changedFields = xv && yv ? changedPaths(xv, yv) : [];
      const change = !x ? "added" : !y ? "removed" : changedFields.length ? "modified" : "unchanged";
      out.push({
        kind,
        name,
        change,
        changedFields,
        diff: change === "unchanged" ? "" : unifiedDiff(`${kind}/${name}`, xv, yv)
      });
    }
  }
  return out;
}
function compareNodePools(objects, rollouts, headSim) {
  const byName = new Map(rollouts.map((r) => [r.name, r]));
  const rows = [];
  const iso = (t) => new Date(t).toISOString();
  for (const o of objects) {
    if (o.kind !== "NodePool") continue;
    const r = byName.get(o.name);
    const status = headSim?.pools.find((p) => p.name === o.name);
    rows.push({
      name: o.name,
      change: o.change,
      changedFields: o.changedFields,
      drift: r?.drift ?? (o.change === "removed" ? "removed" : "none"),
      nodes: r?.nodes ?? 0,
      nodesDrifted: r?.nodesDrifted ?? 0,
      budget: r?.budget ?? null,
      driftReasons: r?.reasons ?? {},
      driftBecause: r?.because ?? [],
      potentialDrift: r?.potential ?? [],
      rollout: r?.rollout && r.nodesDrifted > r.nodesRemoved ? {
        start: iso(r.rollout.waves[0]?.start ?? 0),
        waves: r.rollout.waves.map((w) => ({ start: iso(w.start), end: iso(w.end), nodes: w.nodes })),
        completedAt: r.rollout.completedAt !== null ? iso(r.rollout.completedAt) : null,
        note: r.rollout.note
      } : null,
      ineligible: status && !status.eligible ? status.reason?.message ?? null : null
    });
  }
  return rows;
}
function compareWorkloads(input) {
  const rows = /* @__PURE__ */ new Map();
  const sides = [
    ["base", input.base, input.baseSim],
    ["head", input.head, input.headSim]
  ];
  for (const [side, st, sim] of sides) {
    const list = sim ? sim.workloads : st.workloads.map((w) => ({
      key: workloadKey(w.kind, w.namespace, w.name),
      kind: w.kind,
      namespace: w.namespace,
      name: w.name,
      replicas: w.replicas
    }));
    for (const w of list) {
      const row = rows.get(w.key) ?? {
        kind: w.kind,
        namespace: w.namespace,
        name: w.name,
        replicas: w.replicas,
        base: null,
        head: null,
        changed: false
      };
      const p = sim?.placements.get(w.key);
      row[side] = p ? toPlacement(p) : null;
      if (side === "head") row.replicas = w.replicas;
      rows.set(w.key, row);
    }
  }
  for (const row of rows.values()) row.changed = placementChanged(row.base, row.head);
  return [...rows.values()].sort(
    (a, b) => Number(b.changed) - Number(a.changed) || a.namespace.localeCompare(b.namespace) || a.name.localeCompare(b.name)
  );
}
function toPlacement(p) {
  return {
    schedulable: p.schedulable,
    nodePool: p.nodePool,
    instanceType: p.instanceType,
    capacityType: p.capacityType,
    pricePerHour: p.pricePerHour,
    candidates: p.candidates,
    allocationStrategy: p.allocationStrategy,
    reason: p.reason
  };
}
function placementChanged(a, b) {
  if (!a || !b) return a !== b;
  return a.schedulable !== b.schedulable || a.nodePool !== b.nodePool || a.instanceType !== b.instanceType || a.capacityType !== b.capacityType;
}

// src/disruption/drift.ts
var NODEPOOL_HASH_VERSION = "v3";
var NEVER = "Never";
function taintSet(ts) {
  return ts.map((t) => `${t.key}=${t.value ?? ""}:${t.effect}`).sort();
}
function durationValue(s) {
  if (s === void 0) return null;
  if (s === NEVER) return NEVER;
  return parseDurationMs(s) ?? s;
}
function staticTemplateChanges(a, b) {
  const out = [];
  const eq = (x, y) => JSON.stringify(x) === JSON.stringify(y);
  const mapEq = (x, xp, y, yp) => xp === yp && eq(Object.entries(x).sort(), Object.entries(y).sort());
  if (!mapEq(a.labels, a.labelsPresent, b.labels, b.labelsPresent)) out.push("spec.template.metadata.labels");
  if (!mapEq(a.annotations, a.annotationsPresent, b.annotations, b.annotationsPresent))
    out.push("spec.template.metadata.annotations");
  if (!eq(taintSet(a.taints), taintSet(b.taints))) out.push("spec.template.spec.taints");
  if (!eq(taintSet(a.startupTaints), taintSet(b.startupTaints))) out.push("spec.template.spec.startupTaints");
  if (!eq(a.nodeClassRef, b.nodeClassRef)) out.push("spec.template.spec.nodeClassRef");
  if (durationValue(a.terminationGracePeriod) !== durationValue(b.terminationGracePeriod))
    out.push("spec.template.spec.terminationGracePeriod");
  if (durationValue(a.expireAfter) !== durationValue(b.expireAfter)) out.push("spec.template.spec.expireAfter");
  return out;
}
var NODECLASS_HASH_IGNORED = /* @__PURE__ */ new Set([
  "subnetSelectorTerms",
  "securityGroupSelectorTerms",
  "capacityReservationSelectorTerms",
  "ipPrefixCount",
  "amiSelectorTerms",
  "amiFamily"
]);
function canonical(v) {
  if (Array.isArray(v))
    return v.map(canonical).map((x) => JSON.stringify(x)).sort();
  if (isObject(v))
    return Object.fromEntries(
      Object.keys(v).sort().map((k) => [k, canonical(v[k])])
    );
  return v;
}
function nodeClassChanges(a, b) {
  const certain = [];
  const potential = [];
  const sa = isObject(a.raw.spec) ? a.raw.spec : {};
  const sb = isObject(b.raw.spec) ? b.raw.spec : {};
  for (const k of [.../* @__PURE__ */ new Set([...Object.keys(sa), ...Object.keys(sb)])].sort()) {
    if (NODECLASS_HASH_IGNORED.has(k)) continue;
    if (JSON.stringify(canonical(sa[k])) !== JSON.stringify(canonical(sb[k]))) certain.push(`spec.${k}`);
  }
  if (a.amiFamily !== b.amiFamily) certain.push("spec.amiFamily (resolved AMI family)");
  const amiA = JSON.stringify(canonical(sa.amiSelectorTerms));
  const amiB = JSON.stringify(canonical(sb.amiSelectorTerms));
  if (amiA !== amiB) {
    const pinned = (alias) => !!alias && !alias.endsWith("@latest");
    if (pinned(a.amiAlias) && pinned(b.amiAlias) && a.amiAlias !== b.amiAlias)
      certain.push(`spec.amiSelectorTerms (AMI ${a.amiAlias} \u2192 ${b.amiAlias})`);
    else
      potential.push("spec.amiSelectorTerms: nodes drift (AMIDrift) when the new selector resolves to a different AMI");
  }
  for (const [k, what] of [
    ["subnetSelectorTerms", "SubnetDrift"],
    ["securityGroupSelectorTerms", "SecurityGroupDrift"],
    ["capacityReservationSelectorTerms", "CapacityReservationDrift"]
  ]) {
    if (JSON.stringify(canonical(sa[k])) !== JSON.stringify(canonical(sb[k])))
      potential.push(`spec.${k}: nodes drift (${what}) when the selector resolves differently`);
  }
  return { certain, potential };
}
function evaluateDrift(fleet, input) {
  const baseNP = new Map(input.baseNodePools.map((p) => [p.name, p]));
  const headNP = new Map(input.headNodePools.map((p) => [p.name, p]));
  const baseNC = new Map(input.baseNodeClasses.map((c) => [c.name, c]));
  const headNC = new Map(input.headNodeClasses.map((c) => [c.name, c]));
  const pools = /* @__PURE__ */ new Map();
  const poolDrift = (name) => {
    let pd = pools.get(name);
    if (pd) return pd;
    const a = baseNP.get(name), b = headNP.get(name);
    const staticFields = a && b ? staticTemplateChanges(a, b) : [];
    let nodeClassFields = [];
    let potential = [];
    const ncName = b?.nodeClassRef?.name;
    if (a && b && ncName && a.nodeClassRef?.name === ncName) {
      const ca = baseNC.get(ncName), cb = headNC.get(ncName);
      if (ca && cb) ({ certain: nodeClassFields, potential } = nodeClassChanges(ca, cb));
    }
    if (b && ncName) {
      const cb = headNC.get(ncName);
      if (cb?.amiAlias?.endsWith("@latest"))
        potential.push(`EC2NodeClass ${ncName} uses ${cb.amiAlias}: every AMI release drifts every node (AMIDrift)`);
    }
    pd = { name, staticFields, nodeClassFields, potential, nodes: [] };
    pools.set(name, pd);
    return pd;
  };
  for (const node of fleet.nodes) {
    if (!node.nodePool) continue;
    if (!baseNP.has(node.nodePool) && !headNP.has(node.nodePool)) continue;
    const pd = poolDrift(node.nodePool);
    const head = headNP.get(node.nodePool);
    if (node.deleting) {
      pd.nodes.push({ node, reason: null, because: ["already being deleted"] });
      continue;
    }
    if (!head) {
      pd.nodes.push({
        node,
        reason: "NodePoolRemoved",
        because: ["NodePool deleted in head: garbage collection deletes the node without budgets"]
      });
      continue;
    }
    const version = node.annotations["karpenter.sh/nodepool-hash-version"];
    const staticApplies = version === void 0 || version === NODEPOOL_HASH_VERSION;
    if (pd.staticFields.length && staticApplies) {
      pd.nodes.push({ node, reason: "NodePoolDrifted", because: pd.staticFields });
      continue;
    }
    const err = Requirements.fromLabels(node.labels).compatible(
      Requirements.fromNodeSelectorRequirements(head.requirements),
      false
    );
    if (err) {
      pd.nodes.push({ node, reason: "RequirementsDrifted", because: [err] });
      continue;
    }
    const ncVersion = node.annotations["karpenter.k8s.aws/ec2nodeclass-hash-version"];
    const ncStaticApplies = ncVersion === void 0 || ncVersion === "v6";
    if (pd.nodeClassFields.length && ncStaticApplies) {
      pd.nodes.push({ node, reason: "NodeClassDrifted", because: pd.nodeClassFields });
      continue;
    }
    pd.nodes.push({ node, reason: null, because: [] });
  }
  return [...pools.values()].sort((a, b) => a.name.localeCompare(b.name));
}
function unmanagedNodes(fleet, input) {
  const known = new Set([...input.baseNodePools, ...input.headNodePools].map((p) => p.name));
  const out = {};
  for (const n of fleet.nodes) if (n.nodePool && !known.has(n.nodePool)) out[n.nodePool] = (out[n.nodePool] ?? 0) + 1;
  return out;
}

// src/disruption/rollout.ts
var MIN = 6e4;
function estimateRollout(r) {
  const total = r.drifted;
  const end = r.start + r.horizonMinutes * MIN;
  const windows = /* @__PURE__ */ new Map();
  for (const b of r.budgets) if (b.schedule) windows.set(b, activeWindows(b.schedule, b.durationMs, r.start, end));
  const activeAt = (b, t2) => {
    const ws = windows.get(b);
    if (!ws) return true;
    let lo = 0, hi = ws.length - 1;
    while (lo <= hi) {
      const mid = lo + hi >> 1;
      if (ws[mid][1] <= t2) lo = mid + 1;
      else if (ws[mid][0] > t2) hi = mid - 1;
      else return true;
    }
    return false;
  };
  const allowedAt = (t2, numNodes, disrupting) => allowedDisruptions(r.budgets, numNodes, disrupting, "Drifted", t2, activeAt);
  const allowedNow = allowedAt(r.start, r.nodes, r.disrupting);
  if (total === 0)
    return {
      allowedNow: allowedNow >= MAX_INT32 ? null : allowedNow,
      waves: [],
      minutes: 0,
      completedAt: r.start,
      replaced: 0,
      verdict: "none",
      note: null
    };
  const unlimited = !budgetsLimit(r.budgets, "Drifted");
  const errored = r.budgets.find((b) => b.error);
  const boundaries = [];
  for (const ws of windows.values()) for (const [s, e] of ws) boundaries.push(s, e);
  boundaries.sort((a, b) => a - b);
  const running = [];
  const waves = [];
  let remaining = total;
  let emptyLeft = Math.min(r.empty, total);
  let t = r.start;
  let finished = 0;
  let lastDone = r.start;
  for (let guard = 0; guard < 1e6 && (remaining > 0 || running.length > 0); guard++) {
    for (let i = running.length - 1; i >= 0; i--)
      if (running[i].done <= t) {
        lastDone = Math.max(lastDone, running[i].done);
        running.splice(i, 1);
        finished++;
      }
    const initialised = running.filter((c) => !c.empty && c.init <= t).length;
    const numNodes = r.nodes + initialised;
    const disrupting = r.disrupting + running.length;
    const allowed = allowedAt(t, numNodes, disrupting);
    let started = 0;
    while (remaining > 0 && started < allowed) {
      const empty = emptyLeft > 0;
      if (empty) emptyLeft--;
      running.push({
        start: t,
        init: empty ? t : t + r.minutesToInitialize * MIN,
        done: t + (empty ? 1 : r.minutesPerReplacement) * MIN,
        empty
      });
      remaining--;
      started++;
      if (allowed >= MAX_INT32 && remaining === 0) break;
    }
    if (started > 0) {
      const last = waves[waves.length - 1];
      if (last && last.start === t) last.nodes += started;
      else waves.push({ start: t, end: t, nodes: started });
    }
    if (remaining === 0 && running.length === 0) break;
    const candidates = [
      ...running.map((c) => c.done),
      ...running.filter((c) => c.init > t).map((c) => c.init),
      ...boundaries.filter((b) => b > t)
    ];
    const next = candidates.length ? Math.min(...candidates) : Infinity;
    if (!Number.isFinite(next) || next > end) break;
    t = next;
  }
  for (const w of waves) w.end = w.start + r.minutesPerReplacement * MIN;
  const allowedNowOut = unlimited || allowedNow >= MAX_INT32 ? null : allowedNow;
  if (remaining > 0 || running.length > 0) {
    const note2 = errored ? `budget ${errored.index + 1} is invalid (${errored.error}): every disruption of this NodePool is blocked` : waves.length === 0 ? "the budgets never allow a Drifted disruption inside the horizon" : `only ${finished} of ${total} nodes are replaced inside the ${Math.round(r.horizonMinutes / 1440)}-day horizon`;
    return {
      allowedNow: allowedNowOut,
      waves,
      minutes: null,
      completedAt: null,
      replaced: finished,
      verdict: "blocked",
      note: note2
    };
  }
  const minutes = (lastDone - r.start) / MIN;
  const verdict = unlimited ? "unlimited" : minutes > r.slowAfterMinutes ? "slow" : "ok";
  const note = unlimited ? "no budget limits the Drifted reason: every drifted node is disrupted at once" : null;
  return { allowedNow: allowedNowOut, waves, minutes, completedAt: lastDone, replaced: finished, verdict, note };
}

// src/disruption/replacements.ts
var KIND = {
  NodePoolDrifted: "static",
  RequirementsDrifted: "requirements",
  NodeClassDrifted: "nodeclass",
  NodePoolRemoved: "removed"
};
function planReplacements(fleet, base, head, opts) {
  const input = {
    baseNodePools: base.nodePools,
    headNodePools: head.nodePools,
    baseNodeClasses: base.nodeClasses,
    headNodeClasses: head.nodeClasses
  };
  const drift = evaluateDrift(fleet, input);
  const headNP = new Map(head.nodePools.map((p) => [p.name, p]));
  const pools = [];
  const replacements = [];
  for (const pd of drift) pools.push(poolRollout(pd, headNP.get(pd.name), opts, replacements));
  return { pools, replacements, unmanaged: unmanagedNodes(fleet, input) };
}
function poolRollout(pd, head, opts, replacements) {
  const reasons = {};
  const because = /* @__PURE__ */ new Set();
  let drifted = 0, removed = 0, empty = 0;
  for (const nd of pd.nodes) {
    if (!nd.reason) continue;
    reasons[nd.reason] = (reasons[nd.reason] ?? 0) + 1;
    nd.because.forEach((b) => because.add(b));
    replacements.push({
      nodeClaim: nd.node.name,
      nodePool: pd.name,
      instanceType: nd.node.instanceType,
      reason: nd.reason
    });
    if (nd.reason === "NodePoolRemoved") removed++;
    else {
      drifted++;
      if (nd.node.pods === 0) empty++;
    }
  }
  const order = ["NodePoolRemoved", "NodePoolDrifted", "RequirementsDrifted", "NodeClassDrifted"];
  const main = order.find((r) => reasons[r]);
  const counted = pd.nodes.filter((n) => n.node.initialized);
  const disrupting = counted.filter((n) => n.node.deleting || n.node.ready === false).length;
  let budget = null;
  let rollout = null;
  if (head) {
    rollout = estimateRollout({
      budgets: compileBudgets(head.budgets),
      nodes: counted.length,
      disrupting,
      drifted,
      empty,
      start: opts.at,
      minutesPerReplacement: opts.minutesPerReplacement,
      minutesToInitialize: opts.minutesToInitialize,
      horizonMinutes: opts.horizonDays * 1440,
      slowAfterMinutes: opts.slowAfterHours * 60
    });
    budget = {
      reason: "Drifted",
      allowed: rollout.allowedNow,
      waves: drifted ? rollout.waves.length : 0,
      estimatedMinutes: drifted ? rollout.minutes : 0,
      verdict: rollout.verdict
    };
  }
  const notes = [...pd.potential];
  if (pd.staticFields.includes("spec.template.spec.expireAfter") && head) {
    notes.push(
      `expireAfter changed to ${head.expireAfter}: existing NodeClaims keep their own copy (they expire on the old schedule) and are replaced now through drift, under the Drifted budget; expiry itself deletes nodes without budgets${head.terminationGracePeriod ? "" : ", and without terminationGracePeriod an expired node blocked by a PDB or do-not-disrupt can stay half-drained"}.`
    );
  }
  return {
    name: pd.name,
    drift: main ? KIND[main] : "none",
    nodes: pd.nodes.length,
    nodesDrifted: drifted + removed,
    nodesRemoved: removed,
    reasons,
    because: [...because],
    potential: notes,
    budget,
    rollout
  };
}

// src/disruption/consolidation.ts
var MIN_SPOT_TO_SPOT_TYPES = 15;
function offeringPrice(it, zone, capacityType) {
  return it.offerings.find((o) => o.zone === zone && o.capacityType === capacityType)?.price ?? null;
}
function worstLaunchPrice(offerings) {
  for (const ct of ["reserved", "spot", "on-demand"]) {
    const of = offerings.filter((o) => o.capacityType === ct);
    if (of.length) return Math.max(...of.map((o) => o.price));
  }
  return Number.MAX_VALUE;
}
function consolidationMoves(nodes, templates, pods, opts) {
  const out = [];
  const byPool = new Map(templates.map((t) => [t.nodePool, t]));
  for (const n of nodes) {
    const t = byPool.get(n.nodePool);
    if (!t || !opts.policy(n.nodePool).enabled) continue;
    const it = t.instanceTypes.find((x) => x.name === n.instanceType);
    if (!it) continue;
    const price = offeringPrice(it, n.zone, n.capacityType);
    if (price === null) continue;
    const groups = Object.entries(n.pods).flatMap(([key, count], order) => {
      const pod = pods.get(key);
      return pod ? [{ key, pod, count, order }] : [];
    });
    if (!groups.length || groups.length !== Object.keys(n.pods).length) continue;
    const r = schedule(templates, groups, {
      minValuesPolicy: opts.minValuesPolicy,
      preferencePolicy: opts.preferencePolicy
    });
    if (r.errors.size || r.nodeClaims.length !== 1 || r.nodeClaims[0].dropped) continue;
    const nc = r.nodeClaims[0];
    let reqs = nc.requirements;
    const allSpot = n.capacityType === "spot";
    if (allSpot) {
      if (!opts.spotToSpot || !reqs.get(LABEL_CAPACITY_TYPE).has("spot")) continue;
      reqs = reqs.clone().add(Requirement.of(LABEL_CAPACITY_TYPE, "In", ["spot"]));
    }
    const cheaper = nc.finalOptions.filter((x) => {
      const offs = x.offerings.filter((o) => o.available && offeringCompatible(reqs, o));
      return offs.length > 0 && worstLaunchPrice(offs) < price;
    });
    if (!cheaper.length) continue;
    if (allSpot && cheaper.length < MIN_SPOT_TO_SPOT_TYPES) continue;
    if (reqs.get(LABEL_CAPACITY_TYPE).has("spot") && reqs.get(LABEL_CAPACITY_TYPE).has("on-demand"))
      reqs = reqs.clone().add(Requirement.of(LABEL_CAPACITY_TYPE, "In", ["spot"]));
    const d = launch(cheaper, reqs, opts.minValuesPolicy);
    if (!d.ok) continue;
    out.push({
      node: n.name,
      nodePool: n.nodePool,
      from: {
        instanceType: n.instanceType,
        price,
        cost: it.offerings.find((o) => o.zone === n.zone && o.capacityType === n.capacityType)?.cost ?? null
      },
      to: {
        nodePool: nc.template.nodePool,
        instanceType: d.decision.instanceType.name,
        capacityType: d.decision.capacityType,
        price: d.decision.offering.price,
        cost: d.decision.offering.cost
      }
    });
  }
  return out;
}

// src/sources/catalog-file.ts
import { readFileSync as readFileSync4 } from "node:fs";
import { resolve as resolve3 } from "node:path";
function readCatalog(config, cwd, findings) {
  if (!config.catalog) return embeddedCatalog();
  const file = resolve3(cwd, config.catalog);
  try {
    return decodeCatalog(JSON.parse(readFileSync4(file, "utf8")));
  } catch (e) {
    findings.push({
      rule: "invalid-catalog",
      severity: "error",
      file: config.catalog,
      line: null,
      object: null,
      message: `catalog ${config.catalog} could not be read (${errorMessage(e)}); the embedded catalog is used instead`
    });
    return embeddedCatalog();
  }
}

// src/sources/fleet.ts
import { readFileSync as readFileSync5 } from "node:fs";
import { resolve as resolve4 } from "node:path";
async function readFleet(config, cwd, findings) {
  if (config.fleet.length) {
    const merged = { source: "snapshot", nodes: [], notes: [] };
    for (const f of config.fleet) {
      let text;
      try {
        text = readFileSync5(resolve4(cwd, f), "utf8");
      } catch (e) {
        findings.push({
          rule: "unreadable-file",
          severity: "error",
          file: f,
          line: null,
          object: null,
          message: `fleet snapshot ${f} could not be read: ${errorMessage(e)}`
        });
        continue;
      }
      const fl = parseFleetText(f, text, findings);
      merged.nodes.push(...fl.nodes);
      for (const n of fl.notes) if (!merged.notes.includes(n)) merged.notes.push(n);
    }
    return merged;
  }
  if (config.cluster) {
    try {
      const { readClusterFleet } = await import("./fleet-live-UVFAYD6Z.js");
      return await readClusterFleet({
        ...config.cluster.kubeconfig ? { kubeconfig: resolve4(cwd, config.cluster.kubeconfig) } : {},
        ...config.cluster.context ? { context: config.cluster.context } : {}
      });
    } catch (e) {
      findings.push({
        rule: "cluster-unreachable",
        severity: "error",
        file: null,
        line: null,
        object: null,
        message: `the live cluster could not be read (${errorMessage(e).split("\n")[0]}); the base state's simulated fleet is used instead`
      });
    }
  }
  return null;
}

// src/sources/targets.ts
function discoverTargets(tree) {
  return kustomizationRoots(findKustomizations(tree)).map((k) => k.dir);
}
function filesOfOtherTargets(tree, key) {
  const all = findKustomizations(tree);
  const roots = kustomizationRoots(all);
  const files = tree.list();
  const mine = roots.find((k) => k.dir === key);
  const own2 = mine ? filesOf(closure(mine, all), files) : /* @__PURE__ */ new Set();
  const out = /* @__PURE__ */ new Set();
  for (const r of roots) {
    if (r.dir === key) continue;
    for (const f of filesOf(closure(r, all), files)) if (!own2.has(f)) out.add(f);
  }
  return out;
}
function filesOfTarget(tree, key) {
  const all = findKustomizations(tree);
  const root = all.find((k) => k.dir === key);
  return root ? filesOf(closure(root, all), tree.list()) : /* @__PURE__ */ new Set();
}

// src/sources/coverage.ts
import { spawnSync as spawnSync4 } from "node:child_process";
var KARPENTER_CONTENT = /(apiVersion["']?\s*:\s*["']?(karpenter\.sh|karpenter\.k8s\.aws)\/)|(kind["']?\s*:\s*["']?(NodePool|EC2NodeClass|NodeOverlay|Application|ApplicationSet)\b)/;
function changedFiles(base, head) {
  if (base instanceof GitTree && head instanceof GitTree && base.repo === head.repo && base.subdir === head.subdir) {
    const args = ["-C", base.repo, "diff", "--name-only", "--no-renames", "-z", base.sha, head.sha];
    if (base.subdir) args.push("--", base.subdir);
    const r = spawnSync4("git", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (r.status === 0) {
      const prefix = base.subdir ? base.subdir.replace(/\/?$/, "/") : "";
      return r.stdout.split("\0").filter(Boolean).map((p) => prefix && p.startsWith(prefix) ? p.slice(prefix.length) : p).sort();
    }
  }
  const out = [];
  for (const f of /* @__PURE__ */ new Set([...base.list(), ...head.list()])) if (base.read(f) !== head.read(f)) out.push(f);
  return out.sort();
}
function karpenterRelevant(path, text) {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (KUSTOMIZATION_FILES.includes(name)) return true;
  return text !== null && KARPENTER_CONTENT.test(text);
}
function notEvaluated(candidates, evaluated, read, diff, unrendered = /* @__PURE__ */ new Set()) {
  const out = [];
  for (const file of candidates) {
    if (!unrendered.has(file) && (evaluated.has(file) || !karpenterRelevant(file, read(file)))) continue;
    out.push({
      rule: "input-not-evaluated",
      severity: "error",
      file,
      line: null,
      object: null,
      message: `${file} ${diff ? "changed and " : ""}holds or feeds Karpenter objects, but karpenter-plan did not evaluate it (it matches no manifest glob, is excluded, belongs to a chart or kustomization that was not rendered, or is an input type not read); the check cannot pass over it \u2014 add it to \`manifests\`, render it, or exclude it explicitly with a rule override`
    });
  }
  return out;
}

// src/run/execute.ts
var UnknownTargetError = class extends Error {
};
function targetKeys(input) {
  return [.../* @__PURE__ */ new Set([...discoverTargets(input.head), ...input.base ? discoverTargets(input.base) : []])].sort();
}
var displayKey = (key) => key || ".";
function withStartTime(input) {
  if (input.config.assumptions.at) return input;
  const at = (/* @__PURE__ */ new Date()).toISOString();
  return { ...input, config: { ...input.config, assumptions: { ...input.config.assumptions, at } } };
}
async function executePlan(runInput) {
  const input = withStartTime(runInput);
  const opts = {};
  const keys = targetKeys(input);
  if (input.target !== void 0) {
    if (!keys.includes(input.target))
      throw new UnknownTargetError(
        `target "${displayKey(input.target)}" is not a kustomization of base or head (targets: ${keys.map(displayKey).join(", ") || "none"})`
      );
    const states = loadStates(input, opts, input.target);
    states.head.findings.push(...coverage(input, [states], otherTargetsFiles(input, input.target)));
    return { ...await planStates(input, states), target: displayKey(input.target) };
  }
  if (keys.length <= 1) {
    const states = loadStates(input, opts, void 0);
    states.head.findings.push(...coverage(input, [states], /* @__PURE__ */ new Set()));
    return planStates(input, states);
  }
  const perTarget = { ...input, config: { ...input.config, fleet: [] } };
  delete perTarget.config.cluster;
  const loaded = keys.map((key) => ({ key, states: loadStates(perTarget, opts, key) }));
  const runFindings = coverage(
    input,
    loaded.map((l) => l.states),
    /* @__PURE__ */ new Set()
  );
  const targets = [];
  const changed = changedSet(input);
  for (const { key, states } of loaded) {
    const affected = isAffected(input, key, states, changed);
    if (affected) states.head.findings.push(...coverage(input, [states], otherTargetsFiles(input, key)));
    const plan = affected ? { ...await planStates(perTarget, states), target: displayKey(key) } : null;
    targets.push({ key: displayKey(key), source: targetSource(key), affected, plan });
  }
  const notes = [];
  if (input.config.fleet.length || input.config.cluster)
    notes.push(
      `Fleet: the run has ${keys.length} targets, so the fleet snapshot or cluster given applies to none of them; plan one target with --target (action input \`target\`) to use it.`
    );
  return combineTargets(targets, {
    kind: input.base ? "diff" : "state",
    base: input.base ? treeRef(input.base) : { label: "(none)", sha: null, committedAt: null },
    head: treeRef(input.head),
    extraFindings: [...input.configFindings, ...runFindings],
    failOn: input.config.policy.failOn,
    notes
  });
}
var targetSource = (key) => `kustomization ${displayKey(key)}`;
function isAffected(input, key, states, changed) {
  if (!input.base) return true;
  if (stateFingerprint(states.base) !== stateFingerprint(states.head)) return true;
  for (const tree of [input.base, input.head])
    for (const f of filesOfTarget(tree, key)) if (changed.has(f)) return true;
  return false;
}
function changedSet(input) {
  return new Set(input.base ? changedFiles(input.base, input.head) : []);
}
function listTargets(input) {
  const opts = {};
  const keys = targetKeys(input);
  const perTarget = { ...input, config: { ...input.config, fleet: [] } };
  delete perTarget.config.cluster;
  const loaded = keys.map((key) => ({ key, states: loadStates(perTarget, opts, key) }));
  const unsafe = keys.filter((k) => k !== "" && !/^[A-Za-z0-9._/-]+$/.test(k));
  const findings = [
    ...unsafe.map((k) => ({
      rule: "input-not-evaluated",
      severity: "error",
      file: k,
      line: null,
      object: null,
      message: `the kustomization folder ${JSON.stringify(k)} has characters a CI matrix cannot carry safely (letters, digits, '.', '_', '-', '/'); rename it`
    })),
    ...input.configFindings,
    ...coverage(
      input,
      loaded.map((l) => l.states),
      /* @__PURE__ */ new Set()
    )
  ];
  const changed = changedSet(input);
  const targets = loaded.filter(({ key }) => !unsafe.includes(key)).map(({ key, states }) => ({
    key: displayKey(key),
    source: targetSource(key),
    affected: isAffected(input, key, states, changed)
  }));
  return {
    schemaVersion: 1,
    kind: input.base ? "diff" : "state",
    base: input.base ? treeRef(input.base) : { label: "(none)", sha: null, committedAt: null },
    head: treeRef(input.head),
    failOn: input.config.policy.failOn,
    targets,
    affected: targets.filter((t) => t.affected).map((t) => t.key),
    findings
  };
}
function otherTargetsFiles(input, key) {
  const out = /* @__PURE__ */ new Set();
  for (const tree of [input.base, input.head]) if (tree) for (const f of filesOfOtherTargets(tree, key)) out.add(f);
  return out;
}
function coverage(input, states, elsewhere) {
  const level = input.config.rules["input-not-evaluated"];
  if (level === "off") return [];
  const evaluated = /* @__PURE__ */ new Set();
  for (const st of states) for (const side of [st.base, st.head]) for (const f of side.evaluated) evaluated.add(f);
  for (const st of states)
    for (const side of [st.base, st.head])
      for (const f of side.findings) if (f.rule === "input-not-evaluated" && f.file) evaluated.add(f.file);
  const candidates = (input.base ? changedFiles(input.base, input.head) : input.head.list()).filter(
    (f) => !elsewhere.has(f)
  );
  const read = (f) => input.head.read(f) ?? input.base?.read(f) ?? null;
  const unrendered = /* @__PURE__ */ new Set();
  if (input.base)
    for (const st of states) for (const side of [st.base, st.head]) for (const f of side.unrendered) unrendered.add(f);
  const out = notEvaluated(candidates, evaluated, read, input.base !== null, unrendered);
  return level ? out.map((f) => ({ ...f, severity: level })) : out;
}
function treeRef(t) {
  return { label: t.label, sha: t.sha, committedAt: t.committedAt };
}
function loadStates(input, opts, target) {
  const o = { ...opts, ...target !== void 0 ? { target } : {} };
  const head = loadState(input.head, input.config, o);
  head.findings.unshift(...input.configFindings);
  const base = input.base ? loadState(input.base, input.config, o) : emptyState(head);
  if (o.helm) opts.helm = o.helm;
  if (o.kustomize) opts.kustomize = o.kustomize;
  return { base, head };
}
async function planStates(input, states) {
  const { base, head } = states;
  const catalog = readCatalog(input.config, input.cwd, head.findings);
  const assumptions = [
    `Catalog: ${catalog.types.length} instance types from ${catalog.source}; prices for ${catalog.region} dated ${catalog.pricesDate.slice(0, 10)} (${catalog.currency}, on-demand, Linux).`,
    `Placement: all workloads are scheduled in one provisioning batch onto an empty cluster; host ports, volume limits, topology spread and pod (anti-)affinity other than hostname anti-affinity are not modelled.`
  ];
  const simOpts = {
    catalog,
    spotPriceFactor: input.config.spotPriceFactor,
    reservations: input.config.reservations,
    probes: input.config.probes,
    ...input.config.region ? { region: input.config.region } : {},
    ...input.config.zones ? { zones: input.config.zones } : {}
  };
  const headSim = simulate(head, simOpts);
  const baseSim = input.base && !input.validateOnly ? simulate(base, simOpts) : void 0;
  assumptions.push(`Region ${headSim.region}, zones ${headSim.zones.join(", ")}.`);
  let replacements;
  if (input.base && baseSim) {
    const fleet = await fleetFor(input.config, input.cwd, head.findings, baseSim);
    const a = input.config.assumptions;
    const at = a.at ? Date.parse(a.at) : Date.now();
    const minutesToInitialize = Math.min(a.minutesToInitialize, a.minutesPerReplacement);
    const r = planReplacements(fleet, base, head, {
      at,
      minutesPerReplacement: a.minutesPerReplacement,
      minutesToInitialize,
      horizonDays: a.horizonDays,
      slowAfterHours: a.slowAfterHours
    });
    replacements = {
      fleet,
      ...r,
      consolidation: fleet.source === "simulated" ? consolidation(base, head, baseSim, headSim, new Set(r.replacements.map((x) => x.nodeClaim))) : []
    };
    if (fleet.source !== "simulated")
      assumptions.push(
        "Consolidation: not estimated for a snapshot or live fleet (the pods on each node are not known)."
      );
    else
      assumptions.push(
        "Consolidation: single-node replacements of the simulated fleet that head makes strictly cheaper are listed; deletions, multi-node and Balanced consolidation are not estimated."
      );
    assumptions.push(
      `Fleet: ${fleet.source === "simulated" ? `simulated from base (${fleet.nodes.length} nodes; no snapshot given)` : `${fleet.source}, ${fleet.nodes.length} NodeClaims`}.`
    );
    assumptions.push(
      `Rollout: starts ${new Date(at).toISOString()}; each replacement takes ${a.minutesPerReplacement} min (the replacement is initialised after ${minutesToInitialize} min); horizon ${a.horizonDays} days; slower than ${a.slowAfterHours} h is "slow"; schedules in UTC.`
    );
    for (const n of fleet.notes) assumptions.push(n);
    const unmanaged = Object.entries(r.unmanaged);
    if (unmanaged.length)
      assumptions.push(
        `Fleet: ${unmanaged.reduce((x, [, n]) => x + n, 0)} node(s) belong to NodePools defined in neither base nor head (${unmanaged.map(([p, n]) => `${p}: ${n}`).join(", ")}): they are managed elsewhere, and this change neither replaces nor removes them.`
      );
  }
  head.findings.push(
    ...runRules(RULES, {
      head,
      base: input.base ? base : null,
      config: input.config,
      catalog,
      sim: headSim,
      simOptions: simOpts,
      rollouts: replacements?.pools ?? null
    })
  );
  if (head.externalWorkloads.length)
    assumptions.push(
      `Outside Karpenter: ${head.externalWorkloads.length} workload(s) require labels of capacity Karpenter does not manage (${[
        ...new Set(head.externalWorkloads.map((w) => w.label))
      ].join(", ")}): ${head.externalWorkloads.slice(0, 5).map((w) => `${w.kind} ${w.namespace}/${w.name}`).join(", ")}${head.externalWorkloads.length > 5 ? ", \u2026" : ""}; they are not modelled.`
    );
  if (input.base && baseSim)
    base.findings.push(
      ...runRules(RULES, {
        head: base,
        base: null,
        config: input.config,
        catalog,
        sim: baseSim,
        simOptions: simOpts,
        rollouts: null
      })
    );
  const kind = input.base ? "diff" : "state";
  const suppressions = {
    annotations: head.ignoreAnnotations,
    ignore: input.config.ignore,
    baseline: readBaseline(input.trusted ?? input.head, input.config, head.findings)
  };
  if (input.validateOnly) return buildPlan({ kind, base, head, config: input.config, assumptions, suppressions });
  const scenarios = input.config.scenarios.map((sc) => {
    const unavailable = unavailableOfferings(catalog, headSim.zones, sc);
    return {
      name: sc.name,
      unavailable: unavailable.size,
      timeline: iceTimeline(head.settings.batchIdleDuration, head.settings.batchMaxDuration),
      sim: simulate(head, { ...simOpts, unavailable })
    };
  });
  return buildPlan({
    suppressions,
    kind,
    base,
    head,
    config: input.config,
    headSim,
    ...baseSim ? { baseSim } : {},
    assumptions,
    ...replacements ? { replacements } : {},
    scenarios
  });
}
function consolidation(base, head, baseSim, headSim, drifting) {
  const nodes = baseSim.fleet.filter((n) => !drifting.has(n.name));
  const policy = (st) => (pool) => {
    const np = st.nodePools.find((p) => p.name === pool);
    return { enabled: !!np && np.consolidationPolicy !== "WhenEmpty" && np.consolidateAfter !== "Never" };
  };
  const opts = (st) => ({
    policy: policy(st),
    spotToSpot: st.settings.featureGates.spotToSpotConsolidation,
    minValuesPolicy: st.settings.minValuesPolicy,
    preferencePolicy: st.settings.preferencePolicy
  });
  const inBase = new Set(
    consolidationMoves(nodes, baseSim.templates, baseSim.podTemplates, opts(base)).map((m) => m.node)
  );
  return consolidationMoves(nodes, headSim.templates, headSim.podTemplates, opts(head)).filter((m) => !inBase.has(m.node)).map((m) => ({
    nodeClaim: m.node,
    nodePool: m.nodePool,
    instanceType: m.from.instanceType,
    reason: "Consolidation",
    consolidation: {
      fromPrice: m.from.price,
      fromCost: m.from.cost,
      toInstanceType: m.to.instanceType,
      toCapacityType: m.to.capacityType,
      toPrice: m.to.price,
      toCost: m.to.cost
    }
  }));
}
async function fleetFor(config, cwd, findings, baseSim) {
  const read = await readFleet(config, cwd, findings);
  if (read) return read;
  const nodes = baseSim.fleet.map((n) => ({
    name: n.name,
    nodeName: n.name,
    nodePool: n.nodePool,
    instanceType: n.instanceType,
    zone: n.zone,
    capacityType: n.capacityType,
    labels: n.labels,
    annotations: {},
    initialized: true,
    ready: true,
    deleting: false,
    pricePerHour: n.pricePerHour,
    pods: Object.values(n.pods).reduce((a, b) => a + b, 0),
    createdAt: null
  }));
  return { source: "simulated", nodes, notes: [] };
}
function emptyState(head) {
  return {
    ...head,
    label: "(none)",
    sha: null,
    committedAt: null,
    nodePools: [],
    nodeClasses: [],
    overlays: [],
    workloads: [],
    daemonSets: [],
    findings: [],
    files: [],
    ignoredKinds: {},
    notes: [],
    evaluated: /* @__PURE__ */ new Set(),
    renderers: [],
    unrendered: /* @__PURE__ */ new Set(),
    ignoreAnnotations: /* @__PURE__ */ new Map(),
    externalWorkloads: []
  };
}

// src/report/escape.ts
function escapeHtml(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
var ZWSP = "\u200B";
function inert(s) {
  return escapeHtml(s.replace(/\r?\n/g, " ")).replace(/@/g, `@${ZWSP}`).replace(/#(?=\w)/g, `#${ZWSP}`).replace(/:\/\//g, `:${ZWSP}//`).replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWSP}.`).replace(/!\[/g, `!${ZWSP}[`).replace(/\[/g, "\\[").replace(/\]/g, "\\]");
}
function fenceFor(content) {
  let longest = 0;
  for (const m of content.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return "`".repeat(Math.max(3, longest + 1));
}
function cell(s) {
  if (s === null || s === void 0 || s === "") return "\u2013";
  return inert(String(s)).replace(/\r?\n/g, " ").replace(/\|/g, "\\|").replace(/`/g, "&#96;").replace(/\*/g, "\\*").replace(/_/g, "\\_");
}
function code(s) {
  const clean = s.replace(/\r?\n/g, " ").replace(/\|/g, "\xA6");
  return `<code>${escapeHtml(clean)}</code>`;
}
function money(v) {
  if (v === null || v === void 0) return "\u2013";
  return `$${v < 1 ? v.toFixed(4) : v.toFixed(2)}`;
}
function signedMoney(v) {
  const s = v < 0 ? "-" : "+";
  return `${s}${money(Math.abs(v))}`;
}
var HOURS_PER_MONTH = 730;
function signedMonthly(perHour) {
  const m = perHour * HOURS_PER_MONTH;
  const abs = Math.abs(m);
  const text = abs >= 100 ? `$${Math.round(abs).toLocaleString("en-US")}` : `$${abs.toFixed(2)}`;
  return `${m < 0 ? "-" : "+"}${text}`;
}

// src/report/charts.ts
function mermaidText(s) {
  return s.replace(/[^A-Za-z0-9 ._\-/()]/g, "_").slice(0, 60) || "_";
}
function compositionCharts(plan) {
  const { base, head } = plan.fleet.composition;
  if (!Object.keys(base).length && !Object.keys(head).length) return null;
  const pie = (title, data) => {
    const entries = Object.entries(data).sort((a, b) => b[1] - a[1]);
    if (!entries.length) return null;
    const shown = entries.slice(0, 12);
    const rest = entries.slice(12).reduce((a, [, n]) => a + n, 0);
    if (rest) shown.push(["other", rest]);
    return [
      "```mermaid",
      `pie showData title ${mermaidText(title)}`,
      ...shown.map(([k, n]) => `    "${mermaidText(k)}" : ${n}`),
      "```"
    ].join("\n");
  };
  const parts = [
    pie("Simulated fleet by family - base (nodes)", base),
    pie("Simulated fleet by family - head (nodes)", head)
  ].filter((x) => x !== null);
  return parts.join("\n\n");
}
var MAX_WAVES_PER_POOL = 24;
function rolloutGantt(plan) {
  const pools = plan.nodePools.filter((p) => p.rollout && p.rollout.waves.length);
  if (!pools.length) return null;
  const lines = [
    "```mermaid",
    "gantt",
    "    title Rollout of drift replacements under the budgets (UTC)",
    "    dateFormat YYYY-MM-DDTHH:mm",
    "    axisFormat %m-%d %H:%M"
  ];
  for (const p of pools) {
    lines.push(`    section ${mermaidText(p.name)}`);
    const waves = p.rollout.waves;
    waves.slice(0, MAX_WAVES_PER_POOL).forEach((w, i) => {
      const minutes = Math.max(1, Math.round((Date.parse(w.end) - Date.parse(w.start)) / 6e4));
      lines.push(
        `    wave ${i + 1} - ${w.nodes} node${w.nodes === 1 ? "" : "s"} :${w.start.slice(0, 16)}, ${minutes}m`
      );
    });
    if (waves.length > MAX_WAVES_PER_POOL) {
      const last = waves[waves.length - 1];
      const rest = waves.slice(MAX_WAVES_PER_POOL).reduce((a, w) => a + w.nodes, 0);
      const minutes = Math.max(
        1,
        Math.round((Date.parse(last.end) - Date.parse(waves[MAX_WAVES_PER_POOL].start)) / 6e4)
      );
      lines.push(
        `    ${waves.length - MAX_WAVES_PER_POOL} more waves - ${rest} nodes :${waves[MAX_WAVES_PER_POOL].start.slice(0, 16)}, ${minutes}m`
      );
    }
  }
  lines.push("```");
  return lines.join("\n");
}

// src/report/markdown.ts
var COMMENT_LIMIT = 65e3;
function summarySentence(plan) {
  const s = plan.summary;
  const parts = [];
  if (plan.clusters) {
    const n = plan.clusters.length;
    parts.push(`${n} target${n === 1 ? "" : "s"}, ${plan.clusters.filter((t) => t.plan).length} affected`);
  }
  parts.push(`${s.workloadsChanged} workload${s.workloadsChanged === 1 ? "" : "s"} change placement`);
  const replacedPools = new Set(plan.replacements.filter((r) => r.reason !== "NodePoolRemoved").map((r) => r.nodePool));
  parts.push(
    `${s.nodesReplaced} node${s.nodesReplaced === 1 ? "" : "s"} replaced${replacedPools.size ? ` in ${replacedPools.size} pool${replacedPools.size === 1 ? "" : "s"}` : ""}`
  );
  parts.push(`${s.nodesRemoved} removed`);
  if (s.nodesConsolidated) parts.push(`${s.nodesConsolidated} consolidated`);
  const verdicts = plan.nodePools.map((p) => p.budget?.verdict).filter((v) => !!v && v !== "none");
  if (verdicts.length) {
    const c = {};
    for (const v of verdicts) c[v] = (c[v] ?? 0) + 1;
    parts.push(
      "rollout " + Object.entries(c).map(([k, n]) => `${n} ${k}`).join(", ")
    );
  }
  const f = plan.kind === "diff" && s.newFindings ? s.newFindings : s.findings;
  const existing = plan.findings.filter((x) => x.new === false).length;
  parts.push(
    `${plan.kind === "diff" ? "new findings" : "findings"}: ${f.error} error, ${f.warning} warning, ${f.info} info` + (existing ? ` (${existing} pre-existing)` : "")
  );
  const { base, head } = s.hourlyCost;
  if (base !== null || head !== null) {
    const delta = base !== null && head !== null ? Math.round((head - base) * 1e6) / 1e6 : null;
    const diff = delta === null ? "" : delta === 0 ? " (no change)" : ` (${signedMoney(delta)}/h, ${signedMonthly(delta)}/month)`;
    parts.push(`cost ${money(base)}/h \u2192 ${money(head)}/h${diff}`);
  }
  return parts.join(" \xB7 ") + ".";
}
function renderMarkdown(plan, opts = {}) {
  const limit = opts.limit ?? COMMENT_LIMIT;
  const head = [];
  const icon = plan.verdict === "pass" ? "\u2705" : "\u274C";
  head.push(`### ${icon} ${escapeHtml(opts.title ?? "karpenter-plan")}: ${plan.verdict === "pass" ? "pass" : "fail"}`);
  head.push("");
  head.push(`**${summarySentence(plan)}**`);
  head.push("");
  const alerts = alertLines(plan);
  if (alerts.length) head.push(...alerts, "");
  if (plan.verdict === "fail" && plan.verdictReasons.length) {
    head.push(`Failing because: ${plan.verdictReasons.map(inert).join("; ")}.`, "");
  }
  const findings = plan.findings.length || plan.resolvedFindings?.length || plan.suppressedFindings?.length ? { title: "Findings", body: findingsSection(plan, opts.blobUrl ?? null) } : null;
  const sections = plan.clusters ? targetSections(plan.clusters) : planSections(plan, findings);
  if (plan.clusters && findings) sections.push(findings);
  sections.push({ title: "Assumptions", body: assumptionsSection(plan) });
  const footer = `
<sub>base ${code(plan.base.label)} \u2192 head ${code(plan.head.label)} \xB7 karpenter-plan</sub>`;
  let out = head.join("\n") + "\n" + sections.map((s) => s.body).join("\n\n") + footer;
  if (out.length <= limit) return out;
  const cut = [];
  for (let i = sections.length - 1; i >= 0 && out.length > limit; i--) {
    cut.push(sections[i].title);
    sections[i] = {
      title: sections[i].title,
      body: `<details><summary>${escapeHtml(sections[i].title)}</summary>

Omitted to stay under GitHub's comment limit.
</details>`
    };
    const note = `
> ${escapeHtml(`Shortened: ${cut.join(", ")} omitted. ${opts.fullReportHint ?? "The full report is in the job summary and the JSON plan."}`)}
`;
    out = head.join("\n") + note + "\n" + sections.map((s) => s.body).join("\n\n") + footer;
  }
  if (out.length > limit) out = out.slice(0, limit - 200) + "\n\n\u2026 (truncated)\n";
  return out;
}
function planSections(plan, findings = null) {
  const sections = [];
  if (plan.workloads.length) sections.push({ title: "Fleet outcome", body: workloadSection(plan) });
  sections.push({ title: "Expected replacements", body: nodePoolSection(plan) });
  if (plan.scenarios?.length) sections.push({ title: "What-if", body: scenarioSection(plan) });
  const charts = chartsSection(plan);
  if (charts) sections.push({ title: "Charts", body: charts });
  if (findings) sections.push(findings);
  const changed = plan.objects.filter((o) => o.change !== "unchanged");
  if (changed.length) sections.push({ title: "Manifest changes", body: manifestSection(plan) });
  return sections;
}
var BUDGET_ORDER = ["blocked", "slow", "unlimited", "ok", "none"];
function targetSections(targets) {
  const affected = targets.filter((t) => t.plan);
  const rows = [
    "| target | workloads changed | nodes replaced / removed | worst rollout | errors / warnings |",
    "|---|---|---|---|---|"
  ];
  for (const t of affected) {
    const p = t.plan;
    const verdicts = p.nodePools.map((n) => n.budget?.verdict).filter((v) => !!v);
    const worst = BUDGET_ORDER.find((v) => verdicts.includes(v) && v !== "none");
    rows.push(
      `| ${p.verdict === "pass" ? "\u2705" : "\u274C"} ${code(t.key)} | ${p.summary.workloadsChanged} | ${p.summary.nodesReplaced} / ${p.summary.nodesRemoved} | ${worst ? `${VERDICT_ICON[worst]} ${worst}` : "\u2013"} | ${p.summary.findings.error} / ${p.summary.findings.warning} |`
    );
  }
  const unaffected = targets.filter((t) => !t.plan);
  const table = (affected.length ? rows.join("\n") : "_No target is affected by this change._") + (unaffected.length ? `

Not affected: ${unaffected.map((t) => code(t.key)).join(", ")}.` : "");
  const sections = [
    {
      title: "Targets",
      body: details(`<b>Targets</b>: ${affected.length} of ${targets.length} affected`, table, true)
    }
  ];
  for (const t of affected) {
    const body = planSections(t.plan).map((x) => x.body).join("\n\n");
    sections.push({
      title: `Target ${t.key}`,
      body: details(`<b>${inert(t.key)}</b> (${inert(t.source)}): ${inert(summarySentence(t.plan))}`, body)
    });
  }
  return sections;
}
function alertLines(plan) {
  if (!plan.alerts.length) return [];
  const caution = plan.alerts.some((a) => a.level === "caution");
  const lines = [caution ? "> [!CAUTION]" : "> [!WARNING]"];
  for (const a of plan.alerts) lines.push(`> ${alertText(a)}`);
  return lines;
}
function alertText(a) {
  const names = (xs) => xs.map((x) => code(x)).join(", ");
  switch (a.code) {
    case "pool-removed":
      return `NodePool${a.subjects.length > 1 ? "s" : ""} ${names(a.subjects)} ${a.subjects.length > 1 ? "are" : "is"} deleted: ${a.count} node(s) are deleted by garbage collection, without disruption budgets.`;
    case "rollout-blocked":
      return `The rollout of ${names(a.subjects)} is **blocked**: the budgets never allow the drifted nodes to be replaced inside the horizon.`;
    case "workloads-unschedulable":
      return `${a.count} workload(s) that base can place become **unschedulable** in head: ${names(a.subjects.slice(0, 5))}${a.subjects.length > 5 ? ", \u2026" : ""}.`;
    case "nodes-replaced":
      return `${a.count} node(s) will be replaced (drift).`;
    case "budget-unlimited":
      return `No budget limits \`Drifted\` for ${names(a.subjects)}: every drifted node is replaced at once.`;
  }
}
function details(summary, body, open = false) {
  return `<details${open ? " open" : ""}><summary>${summary}</summary>

${body}
</details>`;
}
function nodePoolSection(plan) {
  if (plan.nodePools.length === 0) return "_No NodePools in base or head._";
  const rows = [...plan.nodePools].sort(
    (a, b) => b.nodesDrifted - a.nodesDrifted || Number(a.change === "unchanged") - Number(b.change === "unchanged") || a.name.localeCompare(b.name)
  );
  const lines = [
    "| NodePool | change | why (changed fields) | drift | nodes drifted | budget (Drifted) | waves | ETA | verdict |",
    "|---|---|---|---|---|---|---|---|---|"
  ];
  const notes = [];
  for (const p of rows) {
    const why = [.../* @__PURE__ */ new Set([...p.driftBecause ?? [], ...p.changedFields])];
    const fields = why.length ? why.slice(0, 6).map(code).join("<br>") + (why.length > 6 ? `<br>\u2026 +${why.length - 6}` : "") : "\u2013";
    const b = p.budget;
    const drifted = p.nodes || p.nodesDrifted ? `${p.nodesDrifted}/${p.nodes}` : "\u2013";
    const verdict = b ? `${VERDICT_ICON[b.verdict] ?? ""} ${b.verdict}` : "\u2013";
    lines.push(
      `| ${code(p.name)} | ${p.change} | ${fields} | ${p.drift === "none" ? "\u2013" : p.drift} | ${drifted} | ${b ? b.allowed === null ? "unlimited" : `${b.allowed} now` : "\u2013"} | ${b?.waves || "\u2013"} | ${b?.estimatedMinutes ? formatMinutes(b.estimatedMinutes) : "\u2013"} | ${verdict} |`
    );
    for (const x of p.potentialDrift ?? []) notes.push(`- ${code(p.name)}: ${inert(x)}`);
    if (p.rollout?.note) notes.push(`- ${code(p.name)}: ${inert(p.rollout.note)}`);
    if (p.drift === "removed" && p.nodesDrifted)
      notes.push(
        `- ${code(p.name)} is deleted: its ${p.nodesDrifted} node(s) are deleted by garbage collection, without budgets and without pre-spun replacements.`
      );
    if (p.ineligible && p.change !== "removed")
      notes.push(`- ${code(p.name)} is not used for provisioning in head: ${inert(p.ineligible)}`);
  }
  for (const r of plan.replacements.filter((x) => x.reason === "Consolidation").slice(0, 20)) {
    const c = r.consolidation;
    const overlaid = c.fromCost !== null && Math.abs(c.fromCost - c.fromPrice) > 1e-9;
    notes.push(
      `- consolidation: ${code(r.nodeClaim)} (${code(r.nodePool)}, ${code(r.instanceType ?? "?")}) is priced ${money(c.fromPrice)}/h by Karpenter${overlaid ? ` (with NodeOverlay prices; it costs ${money(c.fromCost)}/h)` : ""}; ${code(c.toInstanceType)} ${inert(c.toCapacityType)} at ${money(c.toPrice)}/h is strictly cheaper, so consolidation replaces it (budget reason Underutilized)${c.toCost > (c.fromCost ?? c.fromPrice) ? ` \u2014 the real cost rises to ${money(c.toCost)}/h` : ""}.`
    );
  }
  const affected = rows.filter((r) => r.nodesDrifted > 0).length;
  const body = lines.join("\n") + (notes.length ? "\n\n" + notes.join("\n") : "");
  return details(
    `<b>Expected replacements</b>: ${plan.summary.nodesReplaced} replaced, ${plan.summary.nodesRemoved} removed, in ${affected} of ${rows.length} NodePools (fleet: ${plan.fleet.source})`,
    body,
    true
  );
}
function scenarioSection(plan) {
  const parts = [];
  for (const sc of plan.scenarios) {
    const changed = sc.workloads.filter((w) => w.changed);
    const lines = [
      `**${inert(sc.name)}** \u2014 ${sc.unavailableOfferings} offerings unavailable \xB7 fleet ${money(plan.summary.hourlyCost.head)}/h \u2192 ${money(sc.hourlyCost)}/h`,
      "",
      "| workload | head | with this shortage |",
      "|---|---|---|"
    ];
    for (const w of changed)
      lines.push(
        `| ${cell(`${w.kind} ${w.namespace}/${w.name}`)} | ${placementCell(w.head)} | ${placementCell(w.scenario)} |`
      );
    if (!changed.length) lines.push("| \u2013 | no workload moves | \u2013 |");
    lines.push("", inert(sc.timeline));
    parts.push(lines.join("\n"));
  }
  return details(`<b>What-if (insufficient capacity)</b>: ${plan.scenarios.length} scenario(s)`, parts.join("\n\n"));
}
var VERDICT_ICON = { ok: "\u{1F7E2}", slow: "\u{1F7E1}", blocked: "\u{1F534}", unlimited: "\u{1F7E0}", none: "\u26AA" };
function chartsSection(plan) {
  const parts = [compositionCharts(plan), rolloutGantt(plan)].filter((x) => !!x);
  if (!parts.length) return null;
  return details("<b>Charts</b>: fleet composition and rollout", parts.join("\n\n"));
}
function formatMinutes(m) {
  if (m < 60) return `${Math.round(m)} min`;
  if (m < 48 * 60) return `${(m / 60).toFixed(1)} h`;
  return `${(m / 1440).toFixed(1)} d`;
}
function placementCell(p) {
  if (!p) return "\u2013";
  if (!p.schedulable) return `\u26D4 unschedulable: ${cell(p.reason)}`;
  return `${code(p.nodePool ?? "?")} ${code(p.instanceType ?? "?")} ${cell(p.capacityType)} ${money(p.pricePerHour)}`;
}
function workloadSection(plan) {
  const lines = ["| workload | replicas | base | head |", "|---|---|---|---|"];
  for (const w of plan.workloads) {
    lines.push(
      `| ${w.changed ? "**" : ""}${cell(`${w.kind} ${w.namespace}/${w.name}`)}${w.changed ? "**" : ""} | ${w.replicas} | ${placementCell(w.base)} | ${placementCell(w.head)} |`
    );
  }
  const changed = plan.workloads.filter((w) => w.changed).length;
  return details(
    `<b>Fleet outcome</b>: ${changed} of ${plan.workloads.length} workloads change`,
    lines.join("\n"),
    changed > 0 && plan.workloads.length <= 30
  );
}
var RULE_DOCS_URL = "https://github.com/karpenter-plan/karpenter-plan/blob/main/docs/rules/";
var DOCUMENTED_RULES = /* @__PURE__ */ new Set([...RULES.map((r) => r.id), "input-not-evaluated"]);
function ruleCell(rule) {
  return DOCUMENTED_RULES.has(rule) ? `[${code(rule)}](${RULE_DOCS_URL}${rule}.md)` : code(rule);
}
function byRule(findings) {
  const c = /* @__PURE__ */ new Map();
  for (const f of findings) c.set(f.rule, (c.get(f.rule) ?? 0) + 1);
  return [...c].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).map(([r, n]) => `${n} \xD7 ${ruleCell(r)}`).join(", ");
}
function findingsSection(plan, blobUrl) {
  const icon = { error: "\u{1F6D1}", warning: "\u26A0\uFE0F", info: "\u2139\uFE0F" };
  const fresh = plan.findings.filter((f) => f.new !== false);
  const existing = plan.findings.filter((f) => f.new === false);
  const lines = ["| | rule | where | message |", "|---|---|---|---|"];
  for (const f of fresh) {
    const loc = f.file ? `${f.file}${f.line ? `:${f.line}` : ""}` : "\u2013";
    const where = blobUrl && f.file && !isRenderedSource(f.file) ? `[${cell(loc)}](${blobUrl}/${f.file.split("/").map(encodeURIComponent).join("/")}${f.line ? `#L${f.line}` : ""})` : cell(loc);
    lines.push(`| ${icon[f.severity]} ${f.severity} | ${ruleCell(f.rule)} | ${where} | ${cell(f.message)} |`);
  }
  const parts = [fresh.length ? lines.join("\n") : "_This change introduces no finding._"];
  if (existing.length)
    parts.push(
      details(`${existing.length} pre-existing finding(s), not introduced by this change`, byRule(existing) + ".")
    );
  const resolved = plan.resolvedFindings ?? [];
  if (resolved.length) parts.push(`Resolved by this change: ${byRule(resolved)}.`);
  const suppressed = plan.suppressedFindings ?? [];
  if (suppressed.length) {
    const how = ["annotation", "config", "baseline"].map((k) => [k, suppressed.filter((f) => f.suppressedBy === k).length]).filter(([, n2]) => n2 > 0).map(([k, n2]) => `${n2} by ${k}`).join(", ");
    parts.push(`Suppressed: ${suppressed.length} (${how}): ${byRule(suppressed)}.`);
  }
  const n = plan.summary.newFindings ?? plan.summary.findings;
  const head = plan.kind === "diff" ? `<b>Findings</b>: ${n.error} error, ${n.warning} warning, ${n.info} info new` + (existing.length ? ` \xB7 ${existing.length} pre-existing` : "") : `<b>Findings</b>: ${n.error} error, ${n.warning} warning, ${n.info} info`;
  return details(head, parts.join("\n\n"), n.error + n.warning > 0);
}
function manifestSection(plan) {
  const parts = [];
  for (const o of plan.objects) {
    if (o.change === "unchanged") continue;
    const fence = fenceFor(o.diff);
    parts.push(`**${inert(o.kind)} ${code(o.name)}** (${o.change})

${fence}diff
${o.diff}
${fence}`);
  }
  return details(`<b>Manifest changes</b>: ${parts.length} object(s)`, parts.join("\n\n"));
}
function assumptionsSection(plan) {
  const items = plan.assumptions.length ? plan.assumptions : ["No selection model assumptions recorded."];
  return details("<b>Assumptions</b>", items.map((a) => `- ${inert(a)}`).join("\n"));
}

// package.json
var package_default = {
  name: "karpenter-plan",
  version: "0.1.0",
  description: "Shows on every pull request what Karpenter will do differently after the merge: placements, drift, budgets.",
  type: "module",
  license: "Apache-2.0",
  bin: {
    "karpenter-plan": "dist/cli.js"
  },
  files: [
    "dist",
    "action.yml",
    "schema"
  ],
  engines: {
    node: ">=20"
  },
  scripts: {
    build: "node scripts/build.mjs",
    bundle: "node scripts/build.mjs",
    typecheck: "tsc --noEmit -p tsconfig.json",
    test: "npm run typecheck && node --experimental-vm-modules node_modules/jest/bin/jest.js --ci",
    "check-dist": "node scripts/check-dist.mjs",
    catalog: "node scripts/generate-catalog.mjs",
    bench: "node scripts/bench.mjs",
    lint: "eslint . && prettier --check 'src/**/*.ts' 'test/**/*.{ts,mjs}' 'scripts/**/*.mjs' 'bench/**/*.{ts,mjs}' eslint.config.js jest.config.js",
    format: "prettier --write 'src/**/*.ts' 'test/**/*.{ts,mjs}' 'scripts/**/*.mjs' 'bench/**/*.{ts,mjs}' eslint.config.js jest.config.js",
    "plan-identity": "node scripts/plan-identity.mjs"
  },
  dependencies: {
    "@actions/core": "3.0.1",
    "@actions/github": "9.1.1",
    "@aws-sdk/client-ec2": "3.1169.0",
    "@aws-sdk/client-pricing": "3.1133.0",
    "@kubernetes/client-node": "1.4.0",
    "@octokit/plugin-retry": "8.1.1",
    "@octokit/plugin-throttling": "11.0.5",
    "@octokit/rest": "22.0.1",
    ajv: "8.20.0",
    "cron-parser": "5.10.6",
    diff: "9.0.0",
    picomatch: "4.0.7",
    yaml: "2.9.1"
  },
  devDependencies: {
    "@eslint/js": "10.0.1",
    "@microsoft/jest-sarif": "1.0.0-beta.0",
    "@types/jest": "30.0.0",
    "@types/node": "20.19.43",
    "@types/picomatch": "4.0.3",
    esbuild: "0.28.2",
    eslint: "10.15.0",
    "eslint-config-prettier": "10.1.8",
    jest: "30.5.2",
    jsdom: "29.1.1",
    mermaid: "12.3.0",
    prettier: "3.10.1",
    "ts-jest": "29.4.15",
    typescript: "5.9.3",
    "typescript-eslint": "8.74.0"
  }
};

// src/common/version.ts
var VERSION = package_default.version;

// src/report/sarif.ts
var LEVEL = { error: "error", warning: "warning", info: "note" };
function renderSarif(plan) {
  const findings = plan.findings;
  const ids = [...new Set(findings.map((f) => f.rule))].sort();
  const summaries = new Map(RULES.map((r) => [r.id, r]));
  const rules = ids.map((id) => {
    const r = summaries.get(id);
    return {
      id,
      name: id,
      shortDescription: { text: r?.summary ?? id },
      ...DOCUMENTED_RULES.has(id) ? { helpUri: `${RULE_DOCS_URL}${id}.md` } : {},
      ...r ? { defaultConfiguration: { level: LEVEL[r.severity] } } : {}
    };
  });
  const index = new Map(ids.map((id, i) => [id, i]));
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "karpenter-plan",
            version: VERSION,
            informationUri: "https://github.com/karpenter-plan/karpenter-plan",
            rules
          }
        },
        results: findings.map((f) => result(f, index.get(f.rule)))
      }
    ]
  };
  return JSON.stringify(log, null, 2) + "\n";
}
function result(f, ruleIndex) {
  const physical = f.file && !isRenderedSource(f.file) ? {
    physicalLocation: {
      artifactLocation: { uri: f.file },
      ...f.line ? { region: { startLine: f.line, ...f.column ? { startColumn: f.column } : {} } } : {}
    }
  } : {};
  const logical = f.object || f.file && isRenderedSource(f.file) ? { logicalLocations: [{ fullyQualifiedName: f.object ?? f.file }] } : {};
  const location = { ...physical, ...logical };
  return {
    ruleId: f.rule,
    ruleIndex,
    level: LEVEL[f.severity],
    message: { text: f.message },
    ...Object.keys(location).length ? { locations: [location] } : {},
    ...f.fingerprint ? { partialFingerprints: { "karpenterPlan/v1": f.fingerprint } } : {},
    properties: {
      new: f.new !== false,
      ...f.object ? { object: f.object } : {},
      ...f.path ? { path: f.path } : {}
    }
  };
}

export {
  ConfigError,
  InputError,
  checkTime,
  checkNonNegative,
  checkFailOn,
  resolveConfig,
  DirTree,
  GitTree,
  gitTopLevel,
  TextTree,
  STDIN_FILE,
  PlanDocumentError,
  parsePlanDocument,
  isRenderedSource,
  MergeError,
  mergeFiles,
  UnknownTargetError,
  executePlan,
  listTargets,
  summarySentence,
  renderMarkdown,
  formatMinutes,
  VERSION,
  renderSarif
};
