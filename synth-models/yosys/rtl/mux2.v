module mux2_yosys_4(input [3:0] a, input [3:0] b, input s, output [3:0] y);
  assign y = s ? a : b;
endmodule

module mux2_yosys_8(input [7:0] a, input [7:0] b, input s, output [7:0] y);
  assign y = s ? a : b;
endmodule

module mux2_yosys_16(input [15:0] a, input [15:0] b, input s, output [15:0] y);
  assign y = s ? a : b;
endmodule

module mux2_yosys_32(input [31:0] a, input [31:0] b, input s, output [31:0] y);
  assign y = s ? a : b;
endmodule

module mux2_yosys_64(input [63:0] a, input [63:0] b, input s, output [63:0] y);
  assign y = s ? a : b;
endmodule

module mux2_const_4(input [3:0] a, input s, output [3:0] y);
  assign y = s ? a : 4'd5;
endmodule

module mux2_const_8(input [7:0] a, input s, output [7:0] y);
  assign y = s ? a : 8'd85;
endmodule

module mux2_const_16(input [15:0] a, input s, output [15:0] y);
  assign y = s ? a : 16'd21845;
endmodule

module mux2_const_32(input [31:0] a, input s, output [31:0] y);
  assign y = s ? a : 32'd1431655765;
endmodule

module mux2_const_64(input [63:0] a, input s, output [63:0] y);
  assign y = s ? a : 64'd6148914691236517205;
endmodule
